/** Types for vite.config.ts. */
import type { CodeSplittingGroup } from 'rolldown';

export declare const WEB_CHUNK_GROUPS: CodeSplittingGroup[];
