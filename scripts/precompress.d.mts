/** Types for vite.config.ts and the server tests, which precompress with this same function. */

export declare const PRECOMPRESS_MIN_BYTES: number;
export declare const PRECOMPRESSED_NAME: RegExp;
export declare function precompressDir(dir: string): Promise<void>;
