// Owlbear items as the SDK's builders make them (@owlbear-rodeo/sdk builders/ImageBuilder.ts), for the
// unit tests, the browser tests' host page and the benchmarks: a token is an IMAGE on the CHARACTER
// layer whose image is drawn at the scene's grid dpi, placed by the centre of its image.
import type { Image } from '@owlbear-rodeo/sdk';
import { TOKEN_KEY } from '../../src/adapters/owlbear/keys';
import type { TokenTag } from '../../src/adapters/owlbear/items';

export interface TokenSpec {
  readonly id: string;
  readonly name: string;
  /** Centre, scene px. */
  readonly x: number;
  readonly y: number;
  /** Diameter, scene px (the image is square). */
  readonly size: number;
  readonly tag?: TokenTag;
  readonly visible?: boolean;
  readonly layer?: 'CHARACTER' | 'MOUNT';
  readonly dpi?: number;
}

/** An image item whose centre is (x, y) on a scene of `dpi` px per cell. */
export function tokenItem(t: TokenSpec, dpi = 150, user = 'gm'): Image {
  // The image is 300 px wide at 300 dpi: one cell, scaled to the wanted size.
  const k = t.size / dpi;
  return {
    id: t.id,
    type: 'IMAGE',
    name: t.name,
    visible: t.visible ?? true,
    locked: false,
    createdUserId: user,
    zIndex: 1,
    lastModified: '2026-01-01T00:00:00.000Z',
    lastModifiedUserId: user,
    position: { x: t.x, y: t.y },
    rotation: 0,
    scale: { x: k, y: k },
    metadata: t.tag ? { [TOKEN_KEY]: t.tag } : {},
    layer: t.layer ?? 'CHARACTER',
    image: { width: 300, height: 300, mime: 'image/png', url: 'https://example.test/token.png' },
    grid: { offset: { x: 150, y: 150 }, dpi: 300 },
    text: {
      richText: [{ type: 'paragraph', children: [{ text: '' }] }],
      plainText: '',
      style: {
        padding: 8,
        fontFamily: 'Roboto',
        fontSize: 16,
        fontWeight: 400,
        textAlign: 'CENTER',
        textAlignVertical: 'BOTTOM',
        fillColor: 'white',
        fillOpacity: 1,
        strokeColor: 'white',
        strokeOpacity: 1,
        strokeWidth: 0,
        lineHeight: 1.5,
      },
      type: 'PLAIN',
      width: 'AUTO',
      height: 'AUTO',
    },
    textItemType: 'LABEL',
  };
}
