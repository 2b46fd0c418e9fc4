// The part of react-router the front ends share (see federation-shared.ts): the browser API a
// remote's components use inside the shell's router. Left out: the server runtime, cookies,
// sessions and RSC helpers of the package entry, and the data-router APIs (loaders, actions,
// fetchers, <Form>, <Await>, <ScrollRestoration>, memory routers) that only the shell, which owns
// the route table, could use. The shell's own screens import react-router itself; whatever this
// list adds beyond what they use is downloaded on /login. `react-router-entry` is an alias
// (frontend-config.ts) to react-router's own build, so this file does not import itself through
// the share in a remote's build. A remote or shared package that needs another export adds it
// here; shared-subsets.test.ts (beside this file) fails until it does.
export {
  BrowserRouter,
  createBrowserRouter,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useBeforeUnload,
  useBlocker,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRouteError,
  useSearchParams,
} from 'react-router-entry';
