/** Types for vite.config.ts, electron.vite.config.ts and the unit tests. */
import type { Plugin } from 'vite';

export declare function neededMantineStyles(sourceDirs: string[]): Set<string>;
export declare function mantineStylesFor(sourceDirs: string[]): string;
export declare function mantineUsedStyles(sourceDirs: string[]): Plugin;
