import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, json, server } from '../../../test/server';
import { jobDataHandler } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const video = new Uint8Array(200_000).map((_, i) => (i * 7) % 251);

/** A manifest as argusd writes it beside an export, signed with a fresh Ed25519 key (the "server's"). */
async function signedManifest(bytes: Uint8Array<ArrayBuffer>) {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const manifest = JSON.stringify({
    camera_id: 1001,
    camera_name: 'Lobby Entrance',
    created_ms: Date.UTC(2025, 2, 6, 19, 0, 5),
    creator: 'Alex Admin',
    file_bytes: bytes.length,
    filename: 'Front door.mp4',
    job_id: 7,
    media_end_ms: Date.UTC(2025, 2, 6, 18, 50, 21),
    media_first_ms: Date.UTC(2025, 2, 6, 18, 49, 59),
    network_id: 5,
    organization_id: 1,
    sha256: hex(await crypto.subtle.digest('SHA-256', bytes)),
    t0_ms: Date.UTC(2025, 2, 6, 18, 50, 0),
    t1_ms: Date.UTC(2025, 2, 6, 18, 50, 20),
  });
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(manifest));
  const key = toBase64(await crypto.subtle.exportKey('raw', keys.publicKey));
  const text = JSON.stringify({ format: 'argus-export-manifest/1', manifest, algorithm: 'Ed25519', public_key: key, signature: toBase64(signature) });
  return { key, text, sha256: hex(await crypto.subtle.digest('SHA-256', bytes)) };
}

/** A picked file that reads as a stream (jsdom's Blob has no stream()) in 64 KiB pieces. */
function pickedFile(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): File {
  const file = new File([bytes], name, { type });
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.slice(at, at + 65_536));
        controller.close();
      },
    });
  const text = async () => new TextDecoder().decode(bytes);
  return Object.assign(file, { stream, text });
}

function serveKey(key: string | null) {
  server.use(
    http.get(apiPath('/manage/video_exports/public_key'), () =>
      key === null ? json({ errors: ['unavailable'] }, 503) : json({ algorithm: 'Ed25519', public_key: key }),
    ),
  );
}

async function openAndVerify(manifestText: string, bytes: Uint8Array<ArrayBuffer> = video, file = pickedFile(bytes, 'Front door.mp4', 'video/mp4')) {
  const { user, unmount } = renderExportsPage();
  await user.click(await screen.findByRole('button', { name: 'Verify an export' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify an export' });
  const run = within(dialog).getByRole('button', { name: 'Verify' });
  expect(run).toBeDisabled();
  await user.upload(within(dialog).getByTestId('verify-file-input'), file);
  await user.upload(
    within(dialog).getByTestId('verify-manifest-input'),
    pickedFile(new TextEncoder().encode(manifestText), 'Front door.mp4.manifest.json', 'application/json'),
  );
  await waitFor(() => expect(run).toBeEnabled());
  await user.click(run);
  return { result: within(await within(dialog).findByTestId('verify-result')), unmount };
}

beforeEach(() => {
  freezeDate();
  server.use(jobDataHandler(() => []));
});
afterEach(() => vi.useRealTimers());

describe("exports page 'Verify an export' (an export checked against its evidence manifest in the browser)", () => {
  it("a downloaded export and its manifest are valid: what the manifest says, signed by this server's key", async () => {
    const { key, text, sha256 } = await signedManifest(video);
    serveKey(key);
    const { result } = await openAndVerify(text);
    expect(result.getByText('Valid export')).toBeInTheDocument();
    const rows = Object.fromEntries(
      result.getAllByRole('row').map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]),
    );
    // Times in the network's zone (America/Los_Angeles), 24-hour clock.
    expect(rows).toMatchObject({
      Camera: 'Lobby Entrance',
      'Range of video': 'Mar 6, 2025, 10:49:59 – 10:50:21',
      'Requested range': 'Mar 6, 2025, 10:50:00 – 10:50:20',
      Creator: 'Alex Admin',
      'Made at': 'Mar 6, 2025, 11:00:05',
      Filename: 'Front door.mp4',
      'Checksum (SHA-256)': sha256,
      Signature: "Signed by this server's key",
    });
  });

  it('says why an export is not valid: another key, an altered file', async () => {
    const { text } = await signedManifest(video);
    serveKey(toBase64(new Uint8Array(32).fill(7).buffer));
    const first = await openAndVerify(text);
    expect(first.result.getByText('Not a valid export')).toBeInTheDocument();
    expect(first.result.getByTestId('verify-failure')).toHaveAttribute('data-failure', 'other-key');
    expect(first.result.getByTestId('verify-failure')).toHaveTextContent("signed with another key than this server's");
    first.unmount();

    const { key, text: second } = await signedManifest(video);
    serveKey(key);
    const altered = video.slice();
    altered[4321] ^= 1;
    const { result } = await openAndVerify(second, altered);
    expect(result.getByTestId('verify-failure')).toHaveAttribute('data-failure', 'hash-differs');
    expect(result.getByTestId('verify-failure')).toHaveTextContent("The video file's SHA-256 differs from the manifest's");
  });

  it('a browser without Ed25519 is told to use argusd export verify FILE', async () => {
    const { key, text } = await signedManifest(video);
    serveKey(key);
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Ed25519 is not supported', 'NotSupportedError'));
    const { result } = await openAndVerify(text);
    expect(result.getByTestId('verify-failure')).toHaveTextContent('This browser cannot check Ed25519 signatures.');
    expect(result.getByText('argusd export verify FILE')).toBeInTheDocument();
  });

  it("without the server's key the signature is checked against the manifest's own key, and says so", async () => {
    const { text } = await signedManifest(video);
    serveKey(null);
    const { result } = await openAndVerify(text);
    expect(result.getByText('Valid export')).toBeInTheDocument();
    expect(result.getByText("Signed by the key in the manifest (not compared with this server's)")).toBeInTheDocument();
    expect(screen.getByText(/This server's signing key could not be fetched/)).toBeInTheDocument();
  });

  it('shows a progress bar while the file is hashed', async () => {
    const { key, text } = await signedManifest(video);
    serveKey(key);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const file = Object.assign(new File([video], 'Front door.mp4', { type: 'video/mp4' }), {
      stream: () =>
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(video.slice(0, 50_000));
            await gate;
            controller.enqueue(video.slice(50_000));
            controller.close();
          },
        }),
    });
    const verifying = openAndVerify(text, video, file);
    const progress = await screen.findByRole('progressbar', { name: 'Verification progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByText("Checking the file's SHA-256: 25 %")).toBeInTheDocument();
    release();
    const { result } = await verifying;
    expect(result.getByText('Valid export')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Verification progress' })).not.toBeInTheDocument();
  });
});
