/** Bounds of the popup's live-table summary (summary.ts), shared without pulling its schema in. */
export const MAX_FIGURES = 1000;
export const MAX_LOSSES = 50;
