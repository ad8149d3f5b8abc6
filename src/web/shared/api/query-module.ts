/**
 * What home loads when it is idle after its first render (`loadQueryModuleWhenIdle`) and what an early
 * query loads to hand its data over: TanStack Query with the page's client, the query options (whose
 * module hands the early data over to the cache when it loads) and the hooks the screens use. The size
 * budget reports this module's download as "loaded after home renders" (scripts/size-budget.ts).
 */
export { queryClient } from './query-client.ts';
export { queries } from './queries.ts';
export * from './query-hooks.ts';
