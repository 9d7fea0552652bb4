// The conversion test's reference: runs the ORIGINAL TensorFlow.js graph (tfjs-converter on the pure-JS CPU backend)
// on fixed inputs and writes inputs and outputs as raw little-endian float32 files plus a manifest.json, which
// server/tests/unit/detection/nanodet_conversion_test.cpp feeds to the converted ONNX model through cv::dnn.
//
//   node tools/models/reference.mjs --model MODEL_JSON --out DIR [--clip VIDEO --at SECONDS]
//
// Cases: two seeded pseudo-random tensors (a wide range like normalized pixels, and [0, 1]) and, with --clip, one real
// frame (ffmpeg decodes it, scaled to the model's input, normalized the way NanoDetDetector normalizes: BGR,
// (pixel - mean) / std with NanoDet's ImageNet figures).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { loadGraphModel } from '@tensorflow/tfjs-converter';

// NanoDet's normalization (config/legacy_v0.x_configs/nanodet-g.yml in RangiLyu/nanodet): BGR order.
const MEAN_BGR = [103.53, 116.28, 123.675];
const STD_BGR = [57.375, 57.12, 58.395];

const { values: args } = parseArgs({
  options: { model: { type: 'string' }, out: { type: 'string' }, clip: { type: 'string' }, at: { type: 'string' } },
});
if (!args.model || !args.out) {
  console.error('usage: node reference.mjs --model MODEL_JSON --out DIR [--clip VIDEO --at SECONDS]');
  process.exit(2);
}

// A model.json and its shards from disk (tfjs's own file:// loader needs tfjs-node).
function fileHandler(modelPath) {
  return {
    async load() {
      const model = JSON.parse(readFileSync(modelPath, 'utf8'));
      const shardPaths = model.weightsManifest.flatMap((group) => group.paths);
      const shards = shardPaths.map((path) => readFileSync(join(dirname(modelPath), path)));
      const weightData = new Uint8Array(Buffer.concat(shards)).buffer;
      return {
        modelTopology: model.modelTopology,
        weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
        weightData,
        format: model.format,
        generatedBy: model.generatedBy,
        convertedBy: model.convertedBy,
        signature: model.signature,
      };
    },
  };
}

// mulberry32: a small seeded generator, so the random cases are the same on every machine.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uniform(size, seed, low, high) {
  const next = random(seed);
  return Float32Array.from({ length: size }, () => low + (high - low) * next());
}

// One frame of the clip at `seconds`, scaled to width x height, as NCHW float32 normalized like NanoDetDetector.
function frameTensor(clip, seconds, width, height) {
  const bgr = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', clip, '-frames:v', '1', '-vf',
    `scale=${width}:${height}:flags=bilinear`, '-pix_fmt', 'bgr24', '-f', 'rawvideo', '-'], { maxBuffer: 64 << 20 });
  if (bgr.length !== width * height * 3) throw new Error(`ffmpeg gave ${bgr.length} bytes for ${clip} at ${seconds} s`);
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) out[c * plane + i] = (bgr[3 * i + c] - MEAN_BGR[c]) / STD_BGR[c];
  }
  return out;
}

// The pure-JS CPU kernels: the reference implementation of every op. Production mode only silences the banner
// suggesting tfjs-node (it skips debug-mode checks, not any computation).
tf.enableProdMode();
await tf.setBackend('cpu');
const model = await loadGraphModel(fileHandler(args.model));
const [inputName] = Object.keys(model.modelSignature.inputs);
const inputShape = model.modelSignature.inputs[inputName].tensorShape.dim.map((dim) => Number(dim.size));
const outputNames = Object.keys(model.modelSignature.outputs).sort();
const size = inputShape.reduce((a, b) => a * b, 1);

const cases = [
  { name: 'random_wide', data: () => uniform(size, 1, -2.2, 2.7) },
  { name: 'random_unit', data: () => uniform(size, 2, 0, 1) },
];
if (args.clip) {
  cases.push({ name: 'frame', data: () => frameTensor(args.clip, Number(args.at ?? 6), inputShape[3], inputShape[2]) });
}

mkdirSync(args.out, { recursive: true });
const manifest = { model: args.model, input: inputName.split(':')[0], input_shape: inputShape, cases: [] };
for (const { name, data } of cases) {
  const input = data();
  const started = Date.now();
  const outputs = tf.tidy(() => model.execute(tf.tensor(input, inputShape), outputNames));
  const entry = { name, input: `${name}.input.f32`, outputs: {} };
  writeFileSync(join(args.out, entry.input), Buffer.from(input.buffer));
  outputNames.forEach((outputName, index) => {
    const key = outputName.split(':')[0];
    entry.outputs[key] = { file: `${name}.${key}.f32`, shape: outputs[index].shape };
    writeFileSync(join(args.out, entry.outputs[key].file), Buffer.from(outputs[index].dataSync().buffer));
  });
  tf.dispose(outputs);
  manifest.cases.push(entry);
  console.log(`reference: ${name} in ${Date.now() - started} ms`);
}
writeFileSync(join(args.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
