/**
 * Chinese PDFs drawn with pdf-lib: the library loaded on first use, Noto Sans
 * Hans (package @embedpdf/fonts-sc, read from node_modules: no font is
 * downloaded at run time) embedded as a subset, and line wrapping. The
 * agreements (contracts/agreement-pdf.ts) and the e-policy
 * (orders/e-policy-pdf.ts) are drawn with it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * pdf-lib and fontkit, loaded on the first agreement rather than with the
 * server: together they are about a tenth of a server start,
 * and most processes never draw a document in their first seconds.
 */
type Fontkit = { create(bytes: Uint8Array): unknown };
let pdfModules: Promise<{ pdf: typeof PdfLib; fontkit: Fontkit }> | undefined;
export function pdfLibrary() {
  pdfModules ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdf, fontkit]) => ({
    pdf,
    // A CommonJS module: its export is the default of the namespace.
    fontkit: ((fontkit as unknown as { default?: Fontkit }).default ?? fontkit) as Fontkit,
  }));
  return pdfModules;
}

const require = createRequire(import.meta.url);

let fontBytes: Uint8Array | undefined;
/** Noto Sans Hans Regular (GB2312 coverage, OFL-1.1), read once. */
function cjkFont(): Uint8Array {
  fontBytes ??= readFileSync(join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  return fontBytes;
}

interface CffSubset {
  glyphs: number[];
  cff: { fdForGlyph(gid: number): number | null; topDict: { FDArray: Record<string, unknown>[] } };
  font: { getGlyph(gid: number): { path: unknown; _usedSubrs: Record<string, boolean> } };
  subsetSubrs(subrs: unknown, used: Record<string, boolean>): unknown;
}
interface FontkitFont {
  createSubset(): object;
}

/**
 * @pdf-lib/fontkit 1.1.1 subsets a CID-keyed CFF font (Noto Sans Hans is one)
 * with each glyph's local subroutines credited to the last font dict seen
 * instead of the glyph's own, so glyphs of other dicts lose theirs and draw
 * as blanks (份, 证, 签 vanished). This replaces that one method with the
 * glyph's own dict; everything else is the library's.
 */
function patchCidSubset(font: FontkitFont): void {
  const proto = Object.getPrototypeOf(font.createSubset()) as { subsetFontdict(this: CffSubset, topDict: Record<string, unknown>): void; patched?: boolean };
  if (proto.patched) return;
  proto.subsetFontdict = function subsetFontdict(this: CffSubset, topDict: Record<string, unknown>) {
    const fdArray: Record<string, unknown>[] = [];
    const fds: number[] = [];
    const newIndex = new Map<number, number>();
    const usedSubrs: Record<string, boolean>[] = [];
    for (const gid of this.glyphs) {
      const fd = this.cff.fdForGlyph(gid);
      if (fd == null) continue;
      let index = newIndex.get(fd);
      if (index === undefined) {
        index = fdArray.length;
        newIndex.set(fd, index);
        fdArray.push({ ...this.cff.topDict.FDArray[fd] });
        usedSubrs.push({});
      }
      fds.push(index);
      const glyph = this.font.getGlyph(gid);
      void glyph.path; // parses the glyph, filling _usedSubrs
      Object.assign(usedSubrs[index]!, glyph._usedSubrs);
    }
    fdArray.forEach((dict, i) => {
      delete dict.FontName;
      const priv = dict.Private as { Subrs?: unknown } | undefined;
      if (priv?.Subrs) dict.Private = { ...priv, Subrs: this.subsetSubrs(priv.Subrs, usedSubrs[i]!) };
    });
    topDict.FDArray = fdArray;
    topDict.FDSelect = { version: 0, fds };
  };
  proto.patched = true;
}

let parsed: FontkitFont | undefined;
/** fontkit with the parsed font kept: parsing 8 MB for every document would cost more than the rest. */
const cachingFontkit = (fontkit: Fontkit) => ({
  create(bytes: Uint8Array): FontkitFont {
    if (bytes !== fontBytes) return fontkit.create(bytes) as unknown as FontkitFont;
    if (!parsed) {
      parsed = fontkit.create(bytes) as unknown as FontkitFont;
      patchCidSubset(parsed);
    }
    return parsed;
  },
});

/** Embeds the Chinese font (as a subset of the glyphs drawn) into `doc`. */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  const { fontkit } = await pdfLibrary();
  doc.registerFontkit(cachingFontkit(fontkit) as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  return doc.embedFont(cjkFont(), { subset: true });
}

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
export const BODY_SIZE = 11.5;
export const LINE = 20;

/** Breaks a paragraph into lines that fit the width (Chinese text breaks between any two characters). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && font.widthOfTextAtSize(line + char, size) > width) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  if (line) lines.push(line);
  return lines;
}
