import { appRoutes } from '../../../../../contract/app-routes.ts';

/**
 * The information and agreement pages served by the one content screen
 * (spec §2 "Information pages", "Agreements"): the routes of the route table
 * shown by this screen; route = `/<slug>`, content = content/pages/<slug>.md.
 * `requiresLogin` is the route's flag; the server enforces it again from the
 * document's header.
 */
export interface InfoPageEntry {
  slug: string;
  title: string;
  requiresLogin: boolean;
}

export const INFO_PAGES: readonly InfoPageEntry[] = appRoutes()
  .filter((route) => route.screen === 'info-page')
  .map((route) => ({ slug: route.path.slice(1), title: route.title ?? '', requiresLogin: route.flags.requiresLogin === true }));
