import { gridMesh, type LensCircle } from './projection';

/**
 * The WebGL 1 side of the dewarp: one video texture and the 60 x 60 grid mesh, whose per-vertex texture coordinates
 * (projection.ts `gridTexCoords`, computed on the CPU when the view changes) the GPU interpolates inside each cell.
 * The fragment shader only paints what falls outside the lens's circle black. Owns no loop: DewarpCanvas decides when
 * to upload a frame and draw.
 */

const VERTEX_SHADER = `
attribute vec2 a_position;
attribute vec2 a_texCoord;
varying vec2 v_texCoord;
void main() {
  v_texCoord = a_texCoord;
  gl_Position = vec4(a_position, 0.0, 1.0);
}`;

const FRAGMENT_SHADER = `
precision mediump float;
uniform sampler2D u_video;
uniform vec4 u_circle;
varying vec2 v_texCoord;
void main() {
  vec2 d = (v_texCoord - u_circle.xy) / u_circle.zw;
  if (dot(d, d) > 1.0) {
    gl_FragColor = vec4(0.0, 0.0, 0.0, 1.0);
  } else {
    gl_FragColor = vec4(texture2D(u_video, v_texCoord).rgb, 1.0);
  }
}`;

/** Context attributes: no alpha, no depth; the drawing buffer kept so screenshots and tests can read the picture. */
export const DEWARP_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: false,
  stencil: false,
  antialias: false,
  premultipliedAlpha: false,
  preserveDrawingBuffer: true,
};

/** A WebGL context for the canvas, or null where there is none (no GPU, WebGL disabled, jsdom). */
export function webglContext(canvas: HTMLCanvasElement): WebGLRenderingContext | null {
  try {
    return (canvas.getContext('webgl', DEWARP_CONTEXT_ATTRIBUTES) ??
      canvas.getContext('experimental-webgl', DEWARP_CONTEXT_ATTRIBUTES)) as WebGLRenderingContext | null;
  } catch {
    return null;
  }
}

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('dewarp: createShader failed');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    throw new Error(`dewarp: shader: ${gl.getShaderInfoLog(shader) ?? 'compile failed'}`);
  }
  return shader;
}

/** True once the video has a decoded frame to upload. */
export function videoHasFrame(video: HTMLVideoElement): boolean {
  return video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0;
}

export class DewarpRenderer {
  private readonly program: WebGLProgram;
  private readonly texture: WebGLTexture;
  private readonly positionBuffer: WebGLBuffer;
  private readonly texCoordBuffer: WebGLBuffer;
  private readonly indexBuffer: WebGLBuffer;
  private readonly indexCount: number;
  private readonly circleLocation: WebGLUniformLocation | null;
  private hasFrame = false;
  private hasGeometry = false;

  constructor(
    private readonly gl: WebGLRenderingContext,
    gridSize: number,
  ) {
    const program = gl.createProgram();
    if (!program) throw new Error('dewarp: createProgram failed');
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.bindAttribLocation(program, 0, 'a_position');
    gl.bindAttribLocation(program, 1, 'a_texCoord');
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
      throw new Error(`dewarp: program: ${gl.getProgramInfoLog(program) ?? 'link failed'}`);
    }
    this.program = program;
    gl.useProgram(program);
    gl.uniform1i(gl.getUniformLocation(program, 'u_video'), 0);
    this.circleLocation = gl.getUniformLocation(program, 'u_circle');
    this.setCircle({ cx: 0.5, cy: 0.5, rx: 0.5, ry: 0.5 });

    const mesh = gridMesh(gridSize);
    this.positionBuffer = this.buffer(gl.ARRAY_BUFFER, mesh.positions, gl.STATIC_DRAW);
    this.texCoordBuffer = this.buffer(gl.ARRAY_BUFFER, new Float32Array(mesh.positions.length), gl.DYNAMIC_DRAW);
    this.indexBuffer = this.buffer(gl.ELEMENT_ARRAY_BUFFER, mesh.indices, gl.STATIC_DRAW);
    this.indexCount = mesh.indices.length;

    const texture = gl.createTexture();
    if (!texture) throw new Error('dewarp: createTexture failed');
    this.texture = texture;
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    // Video frames are not powers of two: no mipmaps, no repeat.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  }

  private buffer(target: number, data: BufferSource, usage: number): WebGLBuffer {
    const buffer = this.gl.createBuffer();
    if (!buffer) throw new Error('dewarp: createBuffer failed');
    this.gl.bindBuffer(target, buffer);
    this.gl.bufferData(target, data, usage);
    return buffer;
  }

  /** Where the lens's circle is in the texture (outside it is painted black). */
  setCircle(circle: LensCircle): void {
    this.gl.useProgram(this.program);
    this.gl.uniform4f(this.circleLocation, circle.cx, circle.cy, circle.rx, circle.ry);
  }

  /** The view's texture coordinates, one u, v per vertex of the mesh. */
  setTexCoords(texCoords: Float32Array<ArrayBuffer>): void {
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.texCoordBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, texCoords, gl.DYNAMIC_DRAW);
    this.hasGeometry = true;
  }

  /** Copies the video's current frame into the texture; false (and nothing done) while it has none. */
  uploadFrame(video: HTMLVideoElement): boolean {
    if (!videoHasFrame(video)) return false;
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    try {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, video);
    } catch {
      // A frame that cannot be read (e.g. cross-origin without CORS) is skipped.
      return false;
    }
    this.hasFrame = true;
    return true;
  }

  /** Draws the mesh into the whole drawing buffer (black until the first frame). */
  draw(): void {
    const gl = this.gl;
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (!this.hasFrame || !this.hasGeometry) return;
    gl.useProgram(this.program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positionBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.texCoordBuffer);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indexBuffer);
    gl.drawElements(gl.TRIANGLES, this.indexCount, gl.UNSIGNED_SHORT, 0);
  }

  get frameShown(): boolean {
    return this.hasFrame;
  }

  /** Frees the GPU objects (not needed after a context loss: they are gone with it). */
  dispose(): void {
    const gl = this.gl;
    if (gl.isContextLost()) return;
    gl.deleteTexture(this.texture);
    gl.deleteBuffer(this.positionBuffer);
    gl.deleteBuffer(this.texCoordBuffer);
    gl.deleteBuffer(this.indexBuffer);
    gl.deleteProgram(this.program);
  }
}
