/** The web build's stand-in for fast-uri (src/web/form-theme/uri-resolver.ts) answers as fast-uri for the calls @rjsf/utils makes. */
import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolver from '../../../src/web/form-theme/uri-resolver.ts';

describe('uri-resolver', () => {
  it.each([
    ['https://example.com/schemas/root.json', 'item.json'],
    ['https://example.com/schemas/root.json', '#/definitions/person'],
    ['https://example.com/schemas/root.json', '../other.json#/$defs/a'],
    ['https://example.com/schemas/', 'https://other.org/x.json'],
    ['urn:example:root', 'urn:example:item'],
  ])('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(uriResolver.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each([
    ['https://example.com/a.json', 'https://example.com/a.json', true],
    ['https://EXAMPLE.com/a.json', 'https://example.com/a.json', true],
    ['https://example.com:443/a.json', 'https://example.com/a.json', true],
    ['https://example.com/a.json', 'https://example.com/b.json', false],
    ['item', 'item', true],
  ])('compares %s and %s as fast-uri does', (a, b, same) => {
    expect(uriResolver.equal(a, b)).toBe(same);
    expect(fastUri.equal(a, b)).toBe(same);
  });
});
