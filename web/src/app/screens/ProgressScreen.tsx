import ProgressPage from '../../features/progress/ProgressPage';
import { loadStrengthPanel } from '../../features/training';
import { lazyPage } from '../lazyPage';

/** Training's records, loaded when the Strength tab is first shown: the other tabs and routes go without its code. */
const StrengthPanel = lazyPage(() => loadStrengthPanel().then((m) => ({ default: m.StrengthPanel })));

/** /prog: the progress charts, with training's records as the Strength tab. */
export default function ProgressScreen() {
  return <ProgressPage StrengthPanel={StrengthPanel} />;
}
