import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../api/apiError';
import { makeStore } from '../../../app/store';
import { apiErrors, apiPath, server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { detection, FakeCometd } from '../test/fakeCometd';
import { cometdSend } from './cometdApi';
import { CometdClient, CometdError } from './CometdClient';

const START = 1_700_000_000_000;
const SUBSCRIPTION = '/node/2/ObjectDetections/tab1';

describe('CometdClient', () => {
  let cometd: FakeCometd;
  let client: CometdClient;

  beforeEach(() => {
    cometd = new FakeCometd();
    server.use(cometd.handler);
    client = new CometdClient(cometdSend(makeStore(signedInState()).dispatch), 2, 'tab1');
  });

  it('handshakes, subscribes and publishes the request with the CSRF token, and answers the detections', async () => {
    cometd.detections = () => [detection(START + 1000, 7, { x0: 10, y0: 20, x1: 30, y1: 40 })];
    const data = await client.requestDetections(START, START + 35_000);

    expect(data.detections).toEqual([detection(START + 1000, 7, { x0: 10, y0: 20, x1: 30, y1: 40 })]);
    expect(data.params).toMatchObject({ start_ts: START, end_ts: START + 35_000, truncated: false });
    const [handshake, subscribe, publish] = cometd.bodies.map((body) => body[0]);
    expect(handshake).toMatchObject({
      channel: '/meta/handshake',
      version: '1.0',
      supportedConnectionTypes: ['long-polling'],
    });
    expect(subscribe).toMatchObject({ channel: '/meta/subscribe', clientId: 'client-1', subscription: SUBSCRIPTION });
    expect(publish).toMatchObject({
      channel: '/requests',
      clientId: 'client-1',
      data: { start_ts: START, end_ts: START + 35_000, node_id: 2, type: 'ObjectDetections', no_keep_alive: false },
    });
    expect(publish.data?.broker).toEqual(expect.any(String));
    expect(publish.data?.pid).toEqual(expect.any(String));
    expect(cometd.csrfTokens).toEqual(['csrf-1', 'csrf-1', 'csrf-1']);
  });

  it('keeps its client and subscription for the next requests', async () => {
    await client.requestDetections(START, START + 35_000);
    await client.requestDetections(START + 30_000, START + 65_000);
    expect(cometd.bodies.map((body) => body[0].channel)).toEqual([
      '/meta/handshake',
      '/meta/subscribe',
      '/requests',
      '/requests',
    ]);
  });

  it('picks its own reply among earlier ones in the answer (by pid)', async () => {
    await client.requestDetections(START, START + 35_000);
    cometd.waiting.push({
      channel: SUBSCRIPTION,
      data: {
        detections: [detection(START, 99, { x0: 0, y0: 0, x1: 1, y1: 1 })],
        params: { start_ts: START, end_ts: START + 1, node_id: 2, pid: 'old', type: null, truncated: false },
      },
    });
    const data = await client.requestDetections(START + 30_000, START + 65_000);
    expect(data.detections.map((found) => found.track_id)).not.toContain(99);
    expect(data.params.start_ts).toBe(START + 30_000);
  });

  it('handshakes and subscribes again, once, when argusd forgot the client (402::Unknown client)', async () => {
    await client.requestDetections(START, START + 35_000);
    cometd.forgetClients();
    const data = await client.requestDetections(START + 30_000, START + 65_000);

    expect(data.params.start_ts).toBe(START + 30_000);
    expect(cometd.bodies.map((body) => body[0].channel)).toEqual([
      '/meta/handshake',
      '/meta/subscribe',
      '/requests',
      '/requests',
      '/meta/handshake',
      '/meta/subscribe',
      '/requests',
    ]);
    expect(cometd.messages('/requests').at(-1)?.clientId).toBe('client-2');
  });

  it('gives up after one new handshake when the server keeps answering 402', async () => {
    await client.requestDetections(START, START + 35_000);
    cometd.forgetClients();
    cometd.refuse.set('/meta/subscribe', '402::Unknown client');
    await expect(client.requestDetections(START, START + 35_000)).rejects.toMatchObject({ code: 402 });
  });

  it('rejects with the Bayeux error of a refusal (no historical right: 403::Forbidden; bad data: 400)', async () => {
    cometd.refuse.set('/meta/subscribe', '403::Forbidden');
    const refused = client.requestDetections(START, START + 35_000);
    await expect(refused).rejects.toBeInstanceOf(CometdError);
    await expect(refused).rejects.toMatchObject({ code: 403, text: 'Forbidden' });

    cometd.refuse.set('/requests', '400::end_ts: at most 60000 ms after start_ts');
    await expect(client.requestDetections(START, START + 35_000)).rejects.toMatchObject({
      code: 400,
      text: 'end_ts: at most 60000 ms after start_ts',
    });
  });

  it("rejects with the base client's ApiError when the HTTP request fails", async () => {
    server.use(http.post(apiPath('/cometd'), () => apiErrors(['Too many clients'], 503)));
    const error: unknown = await client.requestDetections(START, START + 35_000).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(503);
  });

  it('disconnects the client it has, and a later request starts over', async () => {
    await client.requestDetections(START, START + 35_000);
    client.disconnect();
    await expect.poll(() => cometd.messages('/meta/disconnect')).toEqual([
      expect.objectContaining({ channel: '/meta/disconnect', clientId: 'client-1' }),
    ]);
    expect(cometd.clients.size).toBe(0);
    await client.requestDetections(START, START + 35_000);
    expect(cometd.messages('/meta/handshake')).toHaveLength(2);
  });

  it('sends nothing when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(client.requestDetections(START, START + 35_000, controller.signal)).rejects.toThrow();
    expect(cometd.bodies).toEqual([]);
  });
});
