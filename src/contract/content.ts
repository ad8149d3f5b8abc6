/**
 * Information and agreement pages (spec §2 "Information pages", "Agreements"):
 * one content document per page, served as typed blocks that the web renders
 * as text (never as HTML).
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';

/** Slug of a page: its route without the slash (registerKnow, JtprivacyClause, …). */
export const ContentSlug = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{1,40}$' });
export const ContentPageParams = Type.Object({ slug: ContentSlug }, { additionalProperties: false });

export const ContentBlock = Type.Object({
  /** A section heading (h2), a sub-heading (h3), a paragraph or a list item. */
  kind: Type.Union([Type.Literal('h2'), Type.Literal('h3'), Type.Literal('p'), Type.Literal('li')]),
  text: Type.String(),
});
export type ContentBlock = Static<typeof ContentBlock>;

export const ContentPage = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  /** YYYY-MM-DD, from the document's `updated:` line. */
  updated: Type.String(),
  requiresLogin: Type.Boolean(),
  blocks: Type.Array(ContentBlock),
});
export type ContentPage = Static<typeof ContentPage>;

/** The information and agreement pages. */
export const contentCalls = {
  page: defineCall({
    method: 'GET',
    path: '/edu-svc/content/_bai/page/:slug',
    summary: 'One information or agreement page as typed text blocks; a page marked login answers 406 without a log-in',
    auth: 'optional',
    params: ContentPageParams,
    data: ContentPage,
  }),
};
