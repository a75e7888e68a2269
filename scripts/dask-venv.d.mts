/** Types of dask-venv.mjs, for the end-to-end harness. */
export declare const DASK_MODERN: '2026.7.1';
export declare function daskVenvPython(): string;
