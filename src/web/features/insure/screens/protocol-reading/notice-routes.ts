import { appRoutes } from '../../../../../contract/app-routes.ts';

/**
 * Titles of the routes served by the protocol-reading screen (/checkProtocol
 * and the product notice screens of spec §2 "Insure and confirm"), from the
 * route table.
 */
export const NOTICE_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  appRoutes()
    .filter((route) => route.screen === 'protocol-reading' && route.title)
    .map((route) => [route.path, route.title ?? '']),
);
