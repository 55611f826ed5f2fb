// The Go Exercise's levels, as the engine's manifest lists them (see
// web/cmd/goengine): each level has its harness, compiled beside the
// learner's loop.go, and the import path loop.go is compiled under; this
// adds the RunAgent each harness calls, for the error when loop.go's
// differs. Pure: the page (exercise/go-sandbox.js) and the Node test
// (web/test/go-check.mjs) fetch the harness's text themselves.

export const GO_SIGNATURES = {
  1: "func RunAgent(model agenttest.Model, tools map[string]agenttest.Tool, userMsg string, maxSteps int) string",
  2: "func RunAgent(ctx context.Context, model agenttest.FollowUpModel, tools map[string]agenttest.FollowUpTool, userMsg string, opts agenttest.Options) (agenttest.Answer, error)",
};

// goLevel returns level's {url, learnerPackage, signature} from the
// manifest: url is the harness's file, relative to the manifest.
export function goLevel(manifest, level) {
  const h = (manifest.harnesses || []).find((x) => x.level === level);
  if (!h) throw new Error(`the Go engine has no harness for level ${level}; make build writes it`);
  return { url: h.url, learnerPackage: h.learnerPackage, signature: GO_SIGNATURES[level] };
}
