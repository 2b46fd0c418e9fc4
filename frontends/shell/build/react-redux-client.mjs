// The part of react-redux the shell shares with the remotes (host-shared.ts): the provider and the
// hooks (the typed ones of @innerview/api-client are built on them). A remote or shared package
// that needs another export adds it here; shared-subsets.test.ts fails until it does. Only the
// shell provides this file.
export { Provider, shallowEqual, useDispatch, useSelector, useStore } from 'react-redux';
