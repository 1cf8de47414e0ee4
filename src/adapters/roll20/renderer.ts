// Why the Roll20 overlay cannot draw although the game is read (content/roll20-page.ts looks for
// the renderer at every camera read): its renderer not mounted (yet, or gone), its canvas not in
// the page, no camera that can be projected, its WebGL context lost. Apart from protocol.ts so
// that the popup can name them without the schemas.
export const RENDERER_REASONS = ['renderer', 'canvas', 'camera', 'webgl-context'] as const;
export type RendererReason = (typeof RENDERER_REASONS)[number];
