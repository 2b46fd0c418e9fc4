/** The documents a person accepts at sign-up (docs/product.md#legal-and-data-facts): terms of 12.09.2025, privacy policy 1.0. */
export const TERMS_VERSION = '2025-09-12';
export const PRIVACY_VERSION = '1.0';
