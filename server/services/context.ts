/** What the services and routes share: the database, the caches, the configuration. */
import type OpenAI from 'openai';
import type { Config } from '../config.ts';
import type { Sql } from '../db/connect.ts';
import type { WidgetCache } from './widget-cache.ts';

export type ServiceContext = {
  sql: Sql;
  config: Config;
  widgetCache: WidgetCache;
  /** The AI provider's client, when `config.ai.provider` is `openai`. */
  openai: OpenAI | null;
};
