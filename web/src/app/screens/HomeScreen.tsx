import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { lazyPage } from '../lazyPage';
import RootPage from '../RootPage';

const HomePage = lazyPage(() => import('../../features/home/HomePage'));

/** /home: the visitor's home; signed in, the person's own dashboard (welcome or full, by role). */
export default function HomeScreen() {
  return useAppSelector(selectClaims) ? <RootPage /> : <HomePage />;
}
