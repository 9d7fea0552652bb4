import { expect } from 'vitest';
import { CAMERA, expectPlaying, h264Supported, openCamera, waitForLiveStream } from './support/cameraVideo';
import { setupE2E } from './support/e2e';
import { eventually, expectVisible } from './support/wait';

/**
 * Audio cameras (issue 17 item 11): `argusd --demo` gives its first camera, Lobby Entrance, a microphone (camsim
 * `--audio-cameras 1`, AAC-LC), recorded and sent without transcoding (docs/design/recording.md "Audio"). Its camera
 * page shows a mute button and a volume slider that drive the `<video>` element. It starts muted on the low-latency
 * frames transport (video only); unmuted it plays over the fMP4 WebSocket, whose init message names the `mp4a` codec,
 * and the sound is really decoded; muted again it goes back to frames (docs/design/live.md "Audio"). A camera without
 * a microphone (Reception Desk) shows neither control. One `argusd --demo` (with camsim) for the file.
 */

const { test } = setupE2E();

const SILENT_CAMERA = 'Reception Desk';
/** AAC in MSE next to H.264: what the WebSocket player asks MediaSource for. */
const AAC_MSE_TYPE = 'video/mp4; codecs="avc1.64001f,mp4a.40.2"';

test('an audio camera has a mute button and a volume slider that drive the video', async ({ server, context, page }) => {
  await waitForLiveStream(server, CAMERA);
  const { viewer } = await openCamera(server, context, page, CAMERA);
  if (!(await h264Supported(page)) || !(await page.evaluate((type) => MediaSource.isTypeSupported(type), AAC_MSE_TYPE)))
    throw new Error(`this Chromium cannot play ${AAC_MSE_TYPE}`);
  await expectPlaying(viewer, 'the audio camera, live');
  await expectVisible(viewer.muteButton, 'the mute button');
  await expectVisible(viewer.volumeSlider, 'the volume slider');

  // The page starts muted (browsers only autoplay muted), on the fastest transport: frames (video only).
  expect((await viewer.audio()).muted, 'muted at first').toBe(true);
  expect(await viewer.transport(), 'the transport while muted').toBe('frames');
  await expectVisible(viewer.controls.getByRole('button', { name: 'Sound on' }), 'Sound on while muted');
  // 'Sound on' unmutes: the fMP4 WebSocket carries the AAC track, and it is decoded.
  await viewer.muteButton.click();
  await eventually(() => viewer.transport(), (transport) => transport === 'ws', 'the WebSocket transport once unmuted', 15_000);
  await expectPlaying(viewer, 'the audio camera, unmuted');
  await eventually(() => viewer.audio(), (audio) => !audio.muted, 'the video unmuted after Sound on');
  expect((await viewer.audio()).codecs, 'data-codecs of the unmuted live video').toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
  await eventually(
    () => viewer.audio(),
    (audio) => audio.audioDecodedBytes > 0,
    'decoded audio bytes (webkitAudioDecodedByteCount) after unmuting',
    10_000,
  );

  // The slider sets the element's volume (keyboard on its thumb: Home = 0, End = 1, arrows step).
  await viewer.volumeSlider.focus();
  await page.keyboard.press('Home');
  await eventually(() => viewer.audio(), (audio) => audio.volume === 0 || audio.muted, 'volume 0 after Home');
  await page.keyboard.press('End');
  await eventually(() => viewer.audio(), (audio) => audio.volume === 1 && !audio.muted, 'volume 1 after End');
  await page.keyboard.press('ArrowLeft');
  await eventually(() => viewer.audio(), (audio) => audio.volume > 0 && audio.volume < 1, 'volume below 1 after ArrowLeft');

  // 'Sound off' mutes again, and the video goes back to the frames transport.
  await viewer.muteButton.click();
  await eventually(() => viewer.audio(), (audio) => audio.muted, 'the video muted after Sound off');
  await eventually(() => viewer.transport(), (transport) => transport === 'frames', 'frames again once muted', 15_000);
  await expectPlaying(viewer, 'the audio camera, muted again');
  expect(await viewer.errorTexts().count(), 'error/offline texts').toBe(0);
});

test('a camera without audio has no mute button nor volume slider', async ({ server, context, page }) => {
  await waitForLiveStream(server, SILENT_CAMERA);
  const { viewer } = await openCamera(server, context, page, SILENT_CAMERA);
  if (!(await h264Supported(page))) throw new Error('this Chromium cannot play H.264');
  await expectPlaying(viewer, 'the camera without audio, live');
  expect(await viewer.transport(), 'the transport').toBe('frames');
  expect(await viewer.muteButton.count(), 'mute buttons').toBe(0);
  expect(await viewer.volumeSlider.count(), 'volume sliders').toBe(0);
  expect((await viewer.audio()).audioDecodedBytes, 'decoded audio bytes').toBe(0);
  // The same camera over the fMP4 WebSocket: its init message names no audio codec, and still no sound controls.
  await page.goto(`${page.url().split('?')[0]}?transport=ws`);
  await expectPlaying(viewer, 'the camera without audio, live over ws');
  expect((await viewer.audio()).codecs ?? '', 'data-codecs of the live video').toMatch(/^avc1\.[0-9a-f]{6}$/);
  expect(await viewer.muteButton.count(), 'mute buttons over ws').toBe(0);
});
