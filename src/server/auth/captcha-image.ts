/**
 * The image captcha of the SMS step. Drawn here rather than by a captcha
 * package: the maintained ones draw with a native canvas (a platform binary
 * of tens of MB in the production install for one small image), and the
 * pure-JS ones write SVG whose glyph paths a script reads back as text. This
 * draws 5×7 digit glyphs into a raster and pngjs encodes it.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** 5×7 bitmap glyphs of the captcha digits. */
const GLYPHS: Record<string, readonly string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 108;
const HEIGHT = 40;
const SCALE = 4;

/**
 * Draws `text` (digits) as a PNG of 108×40: each glyph scaled, shifted and
 * sheared at random in its own dark colour, over a light background with
 * speckles and crossing lines, so the text is not in the bytes.
 */
export function renderCaptcha(text: string): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT, colorType: 2 });
  const set = (x: number, y: number, c: readonly number[]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 4;
    png.data[i] = c[0] ?? 0;
    png.data[i + 1] = c[1] ?? 0;
    png.data[i + 2] = c[2] ?? 0;
    png.data[i + 3] = 255;
  };
  const light = () => [225 + randomInt(30), 225 + randomInt(30), 225 + randomInt(30)];
  const dark = () => [randomInt(140), randomInt(140), randomInt(160)];
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) set(x, y, light());

  [...text].forEach((ch, index) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const colour = dark();
    const x0 = 8 + index * 24 + randomInt(-2, 3);
    const y0 = 3 + randomInt(0, 6);
    const shear = (randomInt(-3, 4)) / 10;
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < SCALE; dy++) {
          for (let dx = 0; dx < SCALE - 1; dx++) {
            const y = y0 + gy * SCALE + dy;
            set(Math.round(x0 + gx * (SCALE - 1) + dx + shear * (y - HEIGHT / 2)), y, colour);
          }
        }
      });
    });
  });

  for (let i = 0; i < 3; i++) {
    const colour = dark();
    let y = randomInt(HEIGHT);
    const slope = (randomInt(-10, 11)) / 20;
    for (let x = 0; x < WIDTH; x++) {
      set(x, Math.round(y), colour);
      y += slope;
    }
  }
  for (let i = 0; i < 160; i++) set(randomInt(WIDTH), randomInt(HEIGHT), dark());
  return PNG.sync.write(png, { colorType: 2 });
}

export function randomCaptchaText(length = 4): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  return out;
}
