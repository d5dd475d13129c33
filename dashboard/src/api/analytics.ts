/**
 * Analytics (docs/api.md#subscribers-and-analytics-key-authenticated), on /api/v1 with the session: views, clicks and reactions per UTC
 * day, subscribers over time, and activity per entry, over the last 7, 30 or 90 days. Each keeps its
 * last answer while another period loads, so the charts (and an open table) stay.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DailyActivity, EntryActivity, SubscriberGrowth } from '../types.ts';
import { v1 } from './client.ts';

export const ANALYTICS_PERIODS = ['7', '30', '90'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

const analytics = <T>(slug: string, what: string, days: AnalyticsPeriod) => ({
  queryKey: ['analytics', slug, what, days],
  queryFn: () => v1<T>(slug, `/analytics/${what}?days=${days}`),
  placeholderData: keepPreviousData,
});

/** GET /api/v1/analytics/daily. */
export const useDailyActivity = (slug: string, days: AnalyticsPeriod) =>
  useQuery(analytics<DailyActivity>(slug, 'daily', days));

/** GET /api/v1/analytics/subscribers. */
export const useSubscriberGrowth = (slug: string, days: AnalyticsPeriod) =>
  useQuery(analytics<SubscriberGrowth>(slug, 'subscribers', days));

/** GET /api/v1/analytics/entries. */
export const useEntryActivity = (slug: string, days: AnalyticsPeriod) =>
  useQuery(analytics<EntryActivity>(slug, 'entries', days));
