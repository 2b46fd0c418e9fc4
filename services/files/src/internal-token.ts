// The internal-call secret is the kit's (one implementation for every service): the header, the
// embedded token file under `<DATA_DIR>/shared/internal-token`, and the constant-time check.
export {
  INTERNAL_TOKEN_HEADER,
  internalTokenMatches,
  loadOrCreateInternalToken,
} from '@innerview/kit/internal';
