// Where the time to the first live frame went, from what the page recorded (bench/live_start.mjs --steps): the probe's
// socket timestamps (first_frame_probe.mjs) and the page's resource timing entries. Times in ms from the start of the
// case (time origin for a cold load, the click for a switch).

const LIVE_HTTP = /\/live\/(main|sub)\/(index\.m3u8|init\.mp4|(part|seg)\d+[.\d]*\.m4s)/;
const MEDIA_HTTP = /\/live\/(main|sub)\/(part|seg)\d+[.\d]*\.m4s/;

/** In the page: what first_frame_probe.mjs and the resource timing saw, relative to `fromMs` (page clock). */
export function pageSteps(fromMs) {
  const probe = window.__firstFrame;
  const after = (entries) => entries.filter((entry) => entry.startTime >= fromMs - 1);
  const resources = after(performance.getEntriesByType('resource'));
  const navigation = performance.getEntriesByType('navigation')[0];
  const live = /\/live\/(main|sub)\/(ws|frames)$/;
  const socket = probe.sockets.find((entry) => live.test(entry.url) && entry.createdAt >= fromMs - 1);
  return {
    frameAt: probe.frameAt,
    decoder: probe.decoder,
    sink: probe.sink,
    domContentLoaded: fromMs === 0 && navigation ? navigation.domContentLoadedEventEnd : null,
    socket: socket ?? null,
    http: resources.map(({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd })),
  };
}

/** The steps of one case: { app, connect, show } (ms), any of them null when not seen. */
export function stepsOf({ frameAt, socket, http, decoder, sink }, fromMs) {
  const liveHttp = http.filter((entry) => LIVE_HTTP.test(entry.name));
  const firstMedia = http.filter((entry) => MEDIA_HTTP.test(entry.name)).sort((a, b) => a.responseEnd - b.responseEnd)[0];
  const liveStart = socket?.createdAt ?? (liveHttp.length ? Math.min(...liveHttp.map((entry) => entry.startTime)) : null);
  const mediaAt = socket?.firstBinaryAt ?? firstMedia?.responseEnd ?? null;
  const minus = (a, b) => (a === null || b === null || a === undefined || b === undefined ? null : a - b);
  return {
    // The app's own work before it asks for live media: scripts, session, camera list, viewer, player chunk.
    app: minus(liveStart, fromMs),
    // Live request (socket created / first playlist request) to the first media byte received.
    connect: minus(mediaAt, liveStart),
    // First media byte to the frame presented: decode (or MSE append and decode) and composition.
    show: minus(frameAt, mediaAt),
    socketOpen: minus(socket?.openAt ?? null, socket?.createdAt ?? null),
    firstText: minus(socket?.firstTextAt ?? null, socket?.createdAt ?? null),
    // Frames transport: chunks decoded before the first frame (the join's GOP) and first decode → frame presented.
    joinChunks: decoder?.chunks ?? null,
    decode: minus(frameAt, decoder?.firstDecodeAt ?? null),
    // Frames transport: the track generator made (the video's srcObject set) and its first frame written → presented.
    sinkMade: minus(sink?.createdAt ?? null, fromMs),
    written: minus(frameAt, sink?.firstWriteAt ?? null),
  };
}
