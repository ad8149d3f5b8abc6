/**
 * Content documents of the information and agreement pages
 * (`content/pages/<slug>.md`): a small, strict text format instead of HTML,
 * so that nothing in a document can become markup in the browser.
 *
 *     ---
 *     title: 注册须知
 *     updated: 2025-09-01
 *     login: false
 *     ---
 *     ## 一、总则          → h2
 *     ### 徐州分公司       → h3
 *     - 地址：…            → li
 *     any other line       → p (consecutive lines join into one paragraph)
 */
import type { ContentBlock, ContentPage } from '../../contract/content.ts';

export class ContentDocError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'ContentDocError';
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses one document; throws a ContentDocError naming the file on any problem. */
export function parseContentDoc(file: string, slug: string, source: string): ContentPage {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') throw new ContentDocError(file, 'must start with a --- header');
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new ContentDocError(file, 'header is not closed by ---');
  const header = new Map<string, string>();
  for (const line of lines.slice(1, end)) {
    const match = /^([a-z]+):\s*(.*)$/.exec(line.trim());
    if (!match) throw new ContentDocError(file, `bad header line "${line}"`);
    header.set(match[1]!, match[2]!.trim());
  }
  const title = header.get('title');
  const updated = header.get('updated');
  const login = header.get('login') ?? 'false';
  if (!title) throw new ContentDocError(file, 'title is missing');
  if (!updated || !DATE.test(updated)) throw new ContentDocError(file, 'updated must be YYYY-MM-DD');
  if (login !== 'true' && login !== 'false') throw new ContentDocError(file, 'login must be true or false');

  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'p', text: paragraph.join('') });
    paragraph = [];
  };
  for (const raw of lines.slice(end + 1)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', text: heading[2]! });
    } else if (line.startsWith('- ')) {
      flush();
      blocks.push({ kind: 'li', text: line.slice(2).trim() });
    } else if (line.startsWith('#')) {
      throw new ContentDocError(file, `only ## and ### headings are allowed: "${line}"`);
    } else {
      paragraph.push(line);
    }
  }
  flush();
  if (blocks.length === 0) throw new ContentDocError(file, 'has no content');
  return { slug, title, updated, requiresLogin: login === 'true', blocks };
}
