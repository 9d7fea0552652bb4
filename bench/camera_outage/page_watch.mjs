// Runs inside the portal's camera page (an init script of bench/camera_outage.mjs). Every 50 ms it looks at the viewer
// and logs, with Date.now() (the same clock as the bench), each change of:
//   sign      — what the viewer shows about the outage: 'reconnecting' ('Reconnecting…' over the video), 'offline' (the
//               offline reason in the control bar or over the video), or null;
//   advancing — whether the <video>'s currentTime moves forward while not paused (the element may be replaced when the
//               viewer recreates its player: a new element starts over).
// window.__outageWatch = { log: [{t, kind: 'sign'|'advancing', value, text}] }; a reload starts a new log.
export function pageWatch(reconnectingText) {
  const watch = { log: [] };
  window.__outageWatch = watch;
  let sign;
  let advancing;
  let previous = null; // { video, currentTime }
  const note = (kind, value, text = '') => watch.log.push({ t: Date.now(), kind, value, text });
  setInterval(() => {
    const viewer = document.querySelector('[data-testid="camera-viewer"]');
    if (!viewer) return;
    const status = viewer.querySelector('[data-testid="video-status"]')?.textContent?.trim() ?? '';
    const reason = viewer.querySelector('[data-testid="offline-reason"]')?.textContent?.trim() ?? '';
    let nowSign = null;
    if (status.startsWith(reconnectingText)) nowSign = 'reconnecting';
    else if (reason) nowSign = 'offline';
    if (nowSign !== sign) {
      sign = nowSign;
      note('sign', nowSign, nowSign === 'reconnecting' ? status : reason);
    }
    const video = viewer.querySelector('video');
    const moving =
      video !== null &&
      previous !== null &&
      previous.video === video &&
      !video.paused &&
      video.currentTime > previous.currentTime + 0.01;
    previous = video ? { video, currentTime: video.currentTime } : null;
    if (moving !== advancing) {
      advancing = moving;
      note('advancing', moving);
    }
  }, 50);
}
