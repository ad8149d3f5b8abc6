/**
 * The pure parts of the insure → confirm → order flow state: the order serial
 * that makes a retried submission idempotent, the clean-up after an order
 * (spec §4.5) and which stored draft a product uses.
 */
import { memoryStorage } from './memory-storage.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsureDraft } from '../../../src/web/features/insure/state/insure-draft.ts';
import { clearAfterOrder, draftForProduct, orderSerialFor } from '../../../src/web/features/insure/state/insure-flow.ts';
import { getPromoCode } from '../../../src/web/shared/state/promo-code.ts';

beforeEach(() => {
  memoryStorage.clear();
});

function serials() {
  let n = 0;
  return vi.fn(async () => `SN${++n}`);
}

describe('orderSerialFor', () => {
  it('fetches a serial for a new order body and reuses it for the same body', async () => {
    const fetchSerial = serials();
    expect(await orderSerialFor('{"order":1}', fetchSerial)).toBe('SN1');
    expect(await orderSerialFor('{"order":1}', fetchSerial)).toBe('SN1');
    expect(fetchSerial).toHaveBeenCalledTimes(1);
  });

  it('survives a reload: the serial is kept in local storage', async () => {
    await orderSerialFor('{"order":1}', serials());
    const afterReload = serials();
    afterReload.mockResolvedValue('OTHER');
    expect(await orderSerialFor('{"order":1}', afterReload)).toBe('SN1');
    expect(afterReload).not.toHaveBeenCalled();
  });

  it('fetches a new serial when the body changed', async () => {
    const fetchSerial = serials();
    await orderSerialFor('{"order":1}', fetchSerial);
    expect(await orderSerialFor('{"order":2}', fetchSerial)).toBe('SN2');
    // Only the latest body is remembered.
    expect(await orderSerialFor('{"order":1}', fetchSerial)).toBe('SN3');
  });

  it('ignores a damaged stored serial', async () => {
    memoryStorage.setItem('orderSerial', '{not json');
    expect(await orderSerialFor('{"order":1}', serials())).toBe('SN1');
    memoryStorage.setItem('orderSerial', JSON.stringify({ fingerprint: '{"order":1}', serial: '' }));
    expect(await orderSerialFor('{"order":1}', serials())).toBe('SN1');
  });

  it('stores nothing when the serial call fails, so the next try asks again', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('idg down')));
    await expect(orderSerialFor('{"order":1}', failing)).rejects.toThrow('idg down');
    expect(await orderSerialFor('{"order":1}', serials())).toBe('SN1');
  });
});

describe('clearAfterOrder (spec §4.5)', () => {
  it('clears the stored holder and insureds, renewal data, clause reading and serial, and blanks the promo code', async () => {
    const draft: InsureDraft = { productCode: '21PR000316', policyHolder: { name: '张伟' }, insureds: [], wards: [] };
    memoryStorage.setItem('insureDraft', JSON.stringify(draft));
    memoryStorage.setItem('renewalData', JSON.stringify({ renewalTimes: 1 }));
    memoryStorage.setItem('protocolState', JSON.stringify({ productCode: '21PR000316', read: ['投保须知'], agreed: true }));
    memoryStorage.setItem('promoCode', 'P001');
    memoryStorage.setItem('planMsg', JSON.stringify({ productCode: '21PR000316' }));
    memoryStorage.setItem('user', JSON.stringify({ userId: 'u1' }));
    await orderSerialFor('{"order":1}', serials());

    clearAfterOrder();

    expect(memoryStorage.getItem('insureDraft')).toBeNull();
    expect(memoryStorage.getItem('renewalData')).toBeNull();
    expect(memoryStorage.getItem('protocolState')).toBeNull();
    expect(memoryStorage.getItem('orderSerial')).toBeNull();
    expect(getPromoCode()).toBe('');
    // The plan choice and the session stay.
    expect(memoryStorage.getItem('planMsg')).not.toBeNull();
    expect(memoryStorage.getItem('user')).not.toBeNull();
    // The next order gets a new serial.
    expect(await orderSerialFor('{"order":1}', async () => 'NEXT')).toBe('NEXT');
  });
});

describe('draftForProduct', () => {
  const holder = { name: '张伟', licenceType: '0', licenceNo: '320302198503120312', phone: '13812345678' };
  const xuzhouDraft: InsureDraft = {
    productCode: '25PR320300',
    policyHolder: holder,
    insureds: [{ name: '张小雨', relaToHolder: '03' }],
    wards: [],
  };

  it('has nothing without a stored draft', () => {
    expect(draftForProduct(null, '25PR320300')).toBeNull();
  });

  it('returns the stored draft of the same product', () => {
    expect(draftForProduct(xuzhouDraft, '25PR320300')).toBe(xuzhouDraft);
  });

  it('lends only the holder to another product (the same parent, other children)', () => {
    expect(draftForProduct(xuzhouDraft, '21PR000316')).toEqual({ productCode: '21PR000316', policyHolder: holder, insureds: [], wards: [] });
  });
});
