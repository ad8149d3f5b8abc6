import { describe, expect, it } from 'vitest';
import { isSameLocation, loginRedirectUrl, safeReturnPath } from '../../src/web/app/guards.ts';
import { paths, withQuery } from '../../src/web/app/paths.ts';

const queryOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

describe('loginRedirectUrl', () => {
  it('sends a visitor to /passport/login with the full target, promo code, partner source and product code', () => {
    const url = loginRedirectUrl({ pathname: '/insure', search: '?productCode=25PR320300&partnerSource=wx' }, 'P001');
    expect(url.startsWith('/passport/login?')).toBe(true);
    const query = queryOf(url);
    expect(query.get('fullPath')).toBe('/insure?productCode=25PR320300&partnerSource=wx');
    expect(query.get('productCode')).toBe('25PR320300');
    expect(query.get('partnerSource')).toBe('wx');
    expect(query.get('promoCode')).toBe('P001');
  });

  it('names the product of a detail route that carries no productCode in its query', () => {
    const query = queryOf(loginRedirectUrl({ pathname: '/VaccineDetails', search: '' }, '', '22PR930618'));
    expect(query.get('fullPath')).toBe('/VaccineDetails');
    expect(query.get('productCode')).toBe('22PR930618');
    expect(queryOf(loginRedirectUrl({ pathname: '/newProductDetail', search: '?productCode=A1B2C3' }, '', 'OTHER1')).get('productCode')).toBe('A1B2C3');
  });

  it('prefers the promo code of the target over the stored one and passes empty values when there are none', () => {
    expect(queryOf(loginRedirectUrl({ pathname: '/payoff', search: '?promoCode=LINK' }, 'STORED')).get('promoCode')).toBe('LINK');
    const bare = queryOf(loginRedirectUrl({ pathname: '/policyList', search: '' }));
    expect([...bare.keys()]).toEqual(['fullPath', 'promoCode', 'partnerSource', 'productCode']);
    expect(bare.get('fullPath')).toBe('/policyList');
    expect(bare.get('productCode')).toBe('');
  });

  it('encodes the target so its own query survives the round trip', () => {
    const target = { pathname: '/payoff', search: '?orderCode=A%26B&amount=100' };
    expect(safeReturnPath(queryOf(loginRedirectUrl(target)).get('fullPath'))).toBe('/payoff?orderCode=A%26B&amount=100');
  });
});

describe('safeReturnPath', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeReturnPath('/insure?productCode=25PR320300')).toBe('/insure?productCode=25PR320300');
  });

  it.each([null, undefined, '', 'insure', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/passport/login?fullPath=/x', '/passport/PasswordLogin?fullPath=/x', '/passport/register', '/a\nb'])(
    'sends %j home',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );
});

describe('isSameLocation', () => {
  it('treats the same path and query as the same route', () => {
    expect(isSameLocation({ pathname: '/policyList', search: '' }, { pathname: '/policyList/', search: '' })).toBe(true);
    expect(isSameLocation({ pathname: '/insure', search: '?productCode=A' }, { pathname: '/insure', search: 'productCode=A' })).toBe(true);
  });

  it('tells different queries and paths apart', () => {
    expect(isSameLocation({ pathname: '/insure', search: '?productCode=A' }, { pathname: '/insure', search: '?productCode=B' })).toBe(false);
    expect(isSameLocation({ pathname: '/', search: '' }, { pathname: '/policyList', search: '' })).toBe(false);
  });
});

describe('paths', () => {
  it('builds the payoff link the confirm page hands over', () => {
    expect(paths.payoff({ orderCode: 'O1', applicationFormCode: 'F1', productCode: '25PR320300', amount: 100 })).toBe(
      '/payoff?orderCode=O1&applicationFormCode=F1&productCode=25PR320300&amount=100',
    );
  });

  it('leaves out undefined and null values but keeps empty strings', () => {
    expect(withQuery('/x', { a: undefined, b: null, c: '', d: 0 })).toBe('/x?c=&d=0');
    expect(withQuery('/x')).toBe('/x');
  });
});
