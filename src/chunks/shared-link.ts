// The shared-link pages' store: the visitor's platform and dev mode's opening in the desktop app, which /external-link's loader asks
// for through the routes' context; each shared-link page's chunk imports it. entry-graph.ts says why it imports that.
import './entry-graph';
// The parts both shared-link pages show: here, they ride in this chunk instead of a file of their own.
import '../ui/public/PublicShell';
import '../ui/public/OpenInApp';
import '../ui/public/StoreBadges';
export { currentPlatform, startDevOpen } from '../state/shared-link';
