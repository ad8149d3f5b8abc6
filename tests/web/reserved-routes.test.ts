import { describe, expect, it } from 'vitest';
import { RESERVED_ROUTES } from '../../src/engine/manifest/check-manifest-set.ts';
import { ROUTES } from '../../src/web/app/paths.ts';

describe('routes of the app', () => {
  it('are all reserved, so no manifest can claim one as its detail route', () => {
    const firstSegments = Object.values(ROUTES).map((route) => (route === '/' ? '/' : `/${route.split('/')[1]}`));
    expect(firstSegments.filter((route) => !RESERVED_ROUTES.has(route))).toEqual([]);
  });
});
