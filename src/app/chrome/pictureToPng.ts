/**
 * A picture export's SVG drawn into PNG pixels on a canvas: at twice its size for sharp
 * text, on white, with the fonts the SVG names (the system's: an SVG drawn as an image
 * loads nothing, so nothing here needs the network). A picture too large for a canvas
 * is drawn smaller rather than not at all.
 */

/** Chromium's canvas limits, with room to spare: a side, and the pixels in all. */
const MAX_SIDE = 16_000;
const MAX_PIXELS = 120_000_000;

/** The scale to draw at: `wanted`, or less when the canvas would be too large. */
export function pictureScale(width: number, height: number, wanted = 2): number {
  if (width <= 0 || height <= 0) return wanted;
  return Math.min(wanted, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_PIXELS / (width * height)));
}

export async function pictureToPng(svg: string, wanted = 2): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = pictureScale(image.naturalWidth, image.naturalHeight, wanted);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw the picture (no canvas)');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the picture is too large to draw into pixels');
    return new Uint8Array(await png.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}
