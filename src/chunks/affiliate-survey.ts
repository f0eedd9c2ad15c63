// The welcome survey's chunk (page-chunk.ts); entry-graph.ts says why it is imported.
import './entry-graph';
export { AffiliateSurvey } from '../ui/affiliate/AffiliateSurvey';
