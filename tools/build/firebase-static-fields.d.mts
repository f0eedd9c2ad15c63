export declare const REQUIRED_CLASSES: string[];
export declare function staticFields(source: string): { text: string; moved: string[] };
export declare function firebaseStaticFields(): { name: string; setup(build: unknown): void };
