/** Bundles `entryPoints` (name → source file) into `outdir` (inside apps/api), as ESM for Node 24. */
export function bundleApi(options: { entryPoints: Record<string, string>; outdir: string }): Promise<void>;
