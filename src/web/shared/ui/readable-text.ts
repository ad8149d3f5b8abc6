/**
 * Text colour for text drawn on a manifest's colour (a banner or badge colour chosen per product):
 * white where white reaches WCAG AA's 4.5:1 on it, otherwise near-black. Not a #rrggbb colour: white.
 */
export function readableTextOn(background: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!hex) return '#fff';
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05) >= 4.5 ? '#fff' : '#1a1a1a';
}
