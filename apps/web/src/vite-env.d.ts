/** The id of this build (see vite-plugins/version-file.ts); "development" on the dev server. */
declare const __BUILD_ID__: string;
