export function cssText(path: string): string;
export function cssTextModule(path: string): string;
