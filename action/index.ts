import { run } from './run.ts';

void run();
