/**
 * A fake of the Tencent Location Service's reverse geocoder for tests (never
 * mounted by the app): it checks `sig` the way Tencent documents it and
 * answers in Tencent's bodies, including its refusals.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tencentLbsSig } from '../../src/server/providers/geocoder/tencent-geocoder.ts';

export interface TencentLbsFake {
  baseUrl: string;
  /** Requests that reached the fake, signed or not. */
  requests: number;
  /** adcode answered for a GCJ-02 point within 0.05° of a key "lat,lng". */
  places: Map<string, string>;
  /** The next answers: an HTTP status, or a Tencent status with its message. */
  failNext: Array<{ http: number } | { status: number; message: string }>;
  close(): Promise<void>;
}

export async function startTencentLbsFake(key: string, sk: string): Promise<TencentLbsFake> {
  const fake: Omit<TencentLbsFake, 'baseUrl' | 'close'> = { requests: 0, places: new Map(), failNext: [] };
  const server: Server = createServer((request, response) => {
    fake.requests += 1;
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      response.end(JSON.stringify(body));
    };
    const failure = fake.failNext.shift();
    if (failure && 'http' in failure) return send(failure.http, { message: 'bad gateway' });
    if (failure) return send(200, { status: failure.status, message: failure.message });
    if (url.pathname !== '/ws/geocoder/v1/') return send(404, { status: 404, message: 'not found' });
    const params: Record<string, string> = {};
    for (const [name, value] of url.searchParams) if (name !== 'sig') params[name] = value;
    if (params.key !== key) return send(200, { status: 311, message: 'key格式错误' });
    if (url.searchParams.get('sig') !== tencentLbsSig(url.pathname, params, sk)) return send(200, { status: 111, message: '签名验证失败' });
    const [lat, lng] = (params.location ?? '').split(',').map(Number);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return send(200, { status: 310, message: '请求参数信息有误' });
    for (const [place, adcode] of fake.places) {
      const [plat, plng] = place.split(',').map(Number);
      if (Math.abs(plat! - lat!) < 0.05 && Math.abs(plng! - lng!) < 0.05) {
        return send(200, { status: 0, message: 'query ok', request_id: 'fake', result: { location: { lat, lng }, ad_info: { nation_code: '156', adcode, city_code: `156${adcode.slice(0, 4)}00` } } });
      }
    }
    // Tencent answers a point abroad with status 0 and a foreign nation code.
    return send(200, { status: 0, message: 'query ok', result: { location: { lat, lng }, ad_info: { nation_code: '410', adcode: '' } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
