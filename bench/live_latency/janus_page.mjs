// Page side of the janus peer (serialized into the bench page by page.evaluate, so self-contained): janus's plain
// HTTP REST API, no janus.js. Creates a session, attaches janus.plugin.streaming, asks to watch the mountpoint, takes
// the offer from the long-poll event stream, answers it (non-trickle: the answer carries our ICE candidates), starts,
// and plays the remote track in the page's <video>. Long-polls for the rest of the page's life (keeps the session).
export async function watchJanusMountpoint({ base, mountpointId }) {
  const post = async (url, body) => {
    const response = await fetch(url, { method: 'POST', body: JSON.stringify({ ...body, transaction: Math.random().toString(36).slice(2) }) });
    const answer = await response.json();
    if (answer.janus === 'error') throw new Error(`janus: ${answer.error?.reason ?? JSON.stringify(answer)}`);
    return answer;
  };
  const session = (await post(`${base}/janus`, { janus: 'create' })).data.id;
  const handle = (await post(`${base}/janus/${session}`, { janus: 'attach', plugin: 'janus.plugin.streaming' })).data.id;
  const handleUrl = `${base}/janus/${session}/${handle}`;

  const events = [];
  let wake = null;
  (async () => {
    for (;;) {
      try {
        const response = await fetch(`${base}/janus/${session}?maxev=5&rid=${Date.now()}`);
        const batch = await response.json();
        events.push(...(Array.isArray(batch) ? batch : [batch]));
        wake?.();
      } catch {
        return; // the page is closing
      }
    }
  })();
  const nextEvent = async (predicate, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex(predicate);
      if (index >= 0) return events.splice(index, 1)[0];
      if (Date.now() > deadline) throw new Error(`janus: no matching event within ${timeoutMs} ms (${JSON.stringify(events.slice(-3))})`);
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, 250);
      });
    }
  };

  await post(handleUrl, { janus: 'message', body: { request: 'watch', id: mountpointId } });
  const offer = await nextEvent((event) => event.jsep?.type === 'offer', 10_000);

  const video = document.querySelector('video');
  const peer = new RTCPeerConnection({ iceServers: [] });
  window.__janusPeer = peer;
  peer.ontrack = (event) => {
    video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    video.play().catch(() => undefined);
  };
  await peer.setRemoteDescription(offer.jsep);
  await peer.setLocalDescription(await peer.createAnswer());
  if (peer.iceGatheringState !== 'complete') {
    await new Promise((resolve) => {
      const done = () => peer.iceGatheringState === 'complete' && resolve();
      peer.addEventListener('icegatheringstatechange', done);
      setTimeout(resolve, 3_000);
    });
  }
  await post(handleUrl, { janus: 'message', body: { request: 'start' }, jsep: { type: 'answer', sdp: peer.localDescription.sdp } });
  return { offerCodecs: /a=rtpmap:\d+ ([^\r\n]+)/.exec(offer.jsep.sdp)?.[1] ?? '?' };
}

/** The bench page's document: a black page with one video the size of the portal's. */
export const JANUS_PAGE_HTML =
  '<!doctype html><html><body style="margin:0;background:#000"><video muted playsinline autoplay style="width:1280px;height:720px"></video></body></html>';
