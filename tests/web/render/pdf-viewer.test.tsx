// @vitest-environment happy-dom
/**
 * The PDF viewer opens the download of a declared document only: pdf.js sends
 * the user's token with its request, so any other address (a call that
 * changes something, another service, another host) shows 文件地址无效 and no
 * request leaves the page, logged in or not.
 */
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callGroups } from '../../../src/contract/calls.ts';
import { CONTRACT_FILES, CONTRACT_NO_PATTERN, contractCalls } from '../../../src/contract/contracts.ts';
import { fillPath, GW } from '../../../src/contract/define-call.ts';
import { DOCUMENT_CALLS, documentOf, documentViewerLink, isDocumentAddress } from '../../../src/contract/documents.ts';
import { policyCalls } from '../../../src/contract/policy.ts';
import { pdfViewerLink, viewerAddress } from '../../../src/web/features/contracts/api/contracts.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import PdfView from '../../../src/web/features/contracts/screens/contract/pdf-view.tsx';
import { clearStorage, saveUser } from '../../../src/web/shared/state/session.ts';
import { signedInUser } from '../api/signed-in-user.ts';
import { declareReactActEnvironment, guardConsoleError } from './harness.tsx';

declareReactActEnvironment();

const AGREEMENT = `${GW}${fillPath(contractCalls.contractFile.path, { contractNo: 'HT20260101ABCD1234', file: 'agreement.pdf' })}`;
const DRAFT = `${GW}${fillPath(contractCalls.contractFile.path, { contractNo: 'HT20260101ABCD1234', file: 'draft.pdf' })}`;
/** Addresses a hostile link may carry: state-changing GETs, other services, tricks around the pattern. */
const HOSTILE = [
  `${GW}${fillPath(contractCalls.resetStatus.path, { id: '3' })}`,
  `${GW}${contractCalls.updateInsStatus.path}?contractNo=HT20260101ABCD1234`,
  `${GW}${contractCalls.contractList.path}`,
  `${GW}/user-svc/api/v1/user/userInfo`,
  `${AGREEMENT}?x=1`,
  `${AGREEMENT}/`,
  `${GW}/edu-svc/logged/HT20260101ABCD1234/../../offline/insInfo/resetStatus/3`,
  `${GW}/edu-svc/logged/HT20260101ABCD1234/agreement.pdf.exe`,
  `${GW}/edu-svc/logged/ht20260101abcd1234/agreement.pdf`,
  `https://evil.example${AGREEMENT}`,
  `//evil.example${AGREEMENT}`,
];
const link = (address: string) => `/pdf?url=${encodeURIComponent(btoa(address))}`;

describe('the documents the viewer opens', () => {
  it('accepts the download of an agreement, signed or as sent to signing, and nothing else', () => {
    expect(isDocumentAddress(AGREEMENT)).toBe(true);
    expect(isDocumentAddress(DRAFT)).toBe(true);
    for (const address of HOSTILE) expect({ address, accepted: isDocumentAddress(address) }).toEqual({ address, accepted: false });
  });

  it('declares every call answering a PDF, each path parameter with the pattern its params schema has', () => {
    const pdfCalls = Object.values(callGroups).flatMap((group) => Object.values(group)).filter((call) => call.raw && 'application/pdf' in call.raw);
    expect(new Set(DOCUMENT_CALLS.map((d) => d.call))).toEqual(new Set(pdfCalls));
    for (const { call, params } of DOCUMENT_CALLS) {
      expect(call.method).toBe('GET');
      const schema = (pdfCalls.find((c) => c === call) as { params: { properties: Record<string, { pattern?: string; anyOf?: { const: string }[] }> } }).params.properties;
      for (const [name, property] of Object.entries(schema)) {
        const declared = property.pattern !== undefined ? { pattern: property.pattern } : { literals: property.anyOf!.map((option) => option.const) };
        expect(params[name]).toEqual(declared);
      }
    }
    expect(DOCUMENT_CALLS[0]!.params).toEqual({ contractNo: { pattern: CONTRACT_NO_PATTERN }, file: { literals: CONTRACT_FILES } });
  });

  it('builds viewer links only for documents, and reads back the address it built', () => {
    const built = pdfViewerLink(AGREEMENT.slice(GW.length))!;
    expect(viewerAddress(new URLSearchParams(built.split('?')[1]).get('url'))).toBe(AGREEMENT);
    expect(pdfViewerLink(fillPath(contractCalls.resetStatus.path, { id: '3' }))).toBeNull();
    for (const address of HOSTILE) expect(viewerAddress(btoa(address))).toBeNull();
    expect(viewerAddress('%%%')).toBeNull();
  });

  it('opens an e-policy by its application form code, titled 电子保单, and nothing else under its path', () => {
    const ePolicy = GW + fillPath(policyCalls.ePolicy.path, { applicationFormCode: 'AF202612061234567890' });
    const link = documentViewerLink(ePolicy)!;
    expect(viewerAddress(new URLSearchParams(link.split('?')[1]).get('url'))).toBe(ePolicy);
    expect(documentOf(ePolicy)?.title).toBe('电子保单');
    expect(documentOf(AGREEMENT)?.title).toBe('查看协议');
    for (const code of ['AF1', '..', 'AF20261206123456789x', 'AF202612061234567890?x=1']) {
      expect(documentViewerLink(GW + fillPath(policyCalls.ePolicy.path, { applicationFormCode: code }))).toBeNull();
    }
  });
});

describe('the viewer given a hostile address', () => {
  beforeAll(() => setUpAntdMobileForReact19());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearStorage();
  });

  it.each([
    ['logged in', true],
    ['logged out', false],
  ])('shows 文件地址无效 and sends no request (%s)', async (_, loggedIn) => {
    if (loggedIn) saveUser(signedInUser);
    for (const address of HOSTILE.slice(0, 4)) {
      const guard = guardConsoleError();
      const fetch = vi.fn(async () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
      vi.stubGlobal('fetch', fetch);
      const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
      render(
        <StrictMode>
          <MemoryRouter initialEntries={[link(address)]}>
            <PdfView />
          </MemoryRouter>
        </StrictMode>,
      );
      expect(await screen.findByText('文件地址无效')).toBeTruthy();
      expect(screen.queryByText(/正在加载文件/)).toBeNull();
      // Give a pdf.js load, had one started, the time to send its request.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect({ address, fetched: fetch.mock.calls.length, xhr: opened.mock.calls.length }).toEqual({ address, fetched: 0, xhr: 0 });
      guard.check();
    }
  });
});
