export declare const IV_BYTES: number;
export declare const TAG_BYTES: number;
export declare const SEALED_EVENT: string;
export declare const SEALED_FIELD: string;
export declare const aad: (subject: string, type: string, field: string) => Buffer;
export declare const eventAad: (subject: string, type: string) => Buffer;
export declare function unseal(key: Buffer | undefined, associated: Buffer, value: string, prefix: string): string | undefined;
