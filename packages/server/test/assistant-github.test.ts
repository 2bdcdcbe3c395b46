/**
 * The assistant on a site generated from the GitHub REST description (@octokit/openapi, 1,223 endpoint pages),
 * asked over HTTP the way useChat asks: the offline answer names the operation, a follow-up in the same thread is
 * searched with the earlier question in mind, results are one per page.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteAssistantIndex, openSqliteKeyStore } from '../src/assistant/index.ts';
import { chat, startServer, userMessage, type TestServer } from './assistant.helpers.ts';

let dir: string;
let server: TestServer;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lectern-assistant-github-'));
  const root = join(dir, 'site');
  mkdirSync(root);
  copyFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), join(root, 'api.github.com.json'));
  writeFileSync(
    join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'GitHub REST',
      colors: { primary: '#0969da' },
      navigation: { groups: [{ group: 'REST API', openapi: 'api.github.com.json' }] },
    }),
  );
  const built = await buildSiteAssistantIndex(root, join(dir, 'index.db'));
  expect(built.documents).toBe(1223);
  key = (await openSqliteKeyStore(join(dir, 'keys.db')).create({ org: 'octo', domains: ['github'] })).key;
  server = await startServer({
    index: join(dir, 'index.db'),
    keys: join(dir, 'keys.db'),
    threads: join(dir, 'threads.db'),
    siteName: 'GitHub REST',
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const A = '/api-reference';
const sources = (r: Awaited<ReturnType<typeof chat>>): Array<{ path: string; metadata: { page: string } }> =>
  r.message.parts.find((p: any) => p.type === 'tool-invocation').toolInvocation.result;
const ask = (messages: unknown[], extra: Record<string, unknown> = {}) =>
  chat(server.endpoint('github'), key, { fp: 'anonymous', retrievalPageSize: 5, messages, ...extra });

describe('the GitHub REST site', () => {
  it('answers an API question with the operation, its method and path first, then the sources by title', async () => {
    const r = await ask([userMessage('Fork a repository into my organization')]);
    const text: string = r.message.content;
    const first = text.split('\n')[0]!;
    expect(first).toContain('`POST /repos/{owner}/{repo}/forks`');
    expect(first).toContain(`[Create a fork](${A}/repos/create-a-fork)`);
    // The parameter the question is about, from the request body.
    expect(text).toMatch(/`organization`/);
    expect(text).toMatch(/\nSources:\n- \[Create a fork/);
    expect(text).not.toMatch(/^>/m); // no dump of quoted snippets
  });

  it('returns one result per page, bounded by retrievalPageSize', async () => {
    const r = await ask([userMessage('How do I add a label to an issue?')], { retrievalPageSize: 4 });
    const pages = sources(r).map((s) => s.metadata.page);
    expect(pages).toHaveLength(4);
    expect(new Set(pages).size).toBe(4);
    expect(pages[0]).toMatch(/^\/api-reference\/issues\/(add|set)-labels-/);
  });

  it('does not say "nothing found" when it found the page', async () => {
    const r = await ask([userMessage('How can I find out how many API calls I have left before I get throttled?')]);
    expect(r.message.content).not.toMatch(/couldn't find/);
    expect(r.message.content).toContain('`GET /rate_limit`');
  });

  it('searches a follow-up with the earlier question in mind, from the messages or from the thread', async () => {
    const first = await ask([userMessage('How do I list the repositories of a user?')]);
    expect(sources(first)[0]!.metadata.page).toBe(`${A}/repos/list-repositories-for-a-user`);
    const threadId = first.headers.get('x-thread-id')!;
    const threadKey = first.headers.get('x-thread-key')!;
    const followUp = userMessage('and for an organization?', 'm2');
    const answer = { id: 'a1', role: 'assistant', content: first.message.content, parts: [{ type: 'text', text: first.message.content }] };

    // useChat sends the whole conversation.
    const inThread = await ask([userMessage('How do I list the repositories of a user?'), answer, followUp], { threadId, threadKey });
    expect(sources(inThread)[0]!.metadata.page).toBe(`${A}/repos/list-organization-repositories`);
    expect(inThread.message.content.split('\n')[0]).toContain('`GET /orgs/{org}/repos`');

    // A client that sends only the new question: the thread supplies the earlier turns.
    const fromThread = await ask([followUp], { threadId, threadKey });
    expect(sources(fromThread)[0]!.metadata.page).toBe(`${A}/repos/list-organization-repositories`);

    // The same words alone, in a new conversation, are not about repositories.
    const alone = await ask([followUp]);
    expect(sources(alone)[0]!.metadata.page).not.toBe(`${A}/repos/list-organization-repositories`);
  });

  it("lets a follow-up's own action decide, with the thread's object carried over", async () => {
    const followUp = async (first: string, second: string) => {
      const r = await ask([
        userMessage(first),
        { id: 'a1', role: 'assistant', content: 'ok', parts: [{ type: 'text', text: 'ok' }] },
        userMessage(second, 'm2'),
      ]);
      return sources(r).map((s) => s.metadata.page);
    };
    // "remove it": one label, not every label of the issue, and not adding it again.
    const removed = await followUp('How do I add a label to an issue?', 'and how do I remove it again?');
    expect(removed[0]).toBe(`${A}/issues/remove-a-label-from-an-issue`);
    expect(removed.indexOf(`${A}/issues/remove-all-labels-from-an-issue`)).toBeGreaterThan(0);
    // "undo that" undoes the earlier action.
    expect((await followUp('How do I star a repository?', 'How do I undo that?'))[0]).toBe(
      `${A}/activity/unstar-a-repository-for-the-authenticated-user`,
    );
  });

  it("prefers the operation whose own verb is the question's action among the resource's operations", async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Change -> "Set organization membership" (update), not "Assign an organization role to a user".
    expect(await top("Change someone's role in my organization to admin")).toBe(`${A}/orgs/set-organization-membership-for-a-user`);
  });

  it('does not take what the reader does without for what they want', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Get repository clones", not "Merge a pull request".
    expect(await top('How do I read a file from a repo without cloning it?')).toBe(`${A}/repos/get-repository-content`);
    expect(await top('Merge one branch into another without a pull request')).toBe(`${A}/repos/merge-a-branch`);
  });

  it('answers a question about several things (plural, who, which) with the endpoint that lists them', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Get Copilot seat information and settings", nor "Get a workflow".
    expect(await top('Who has a Copilot seat in my organization?')).toBe(
      `${A}/copilot/list-all-copilot-seat-assignments-for-an-organization`,
    );
    expect(await top('Which workflows exist in my repository?')).toBe(`${A}/actions/list-repository-workflows`);
    // A question about one thing still gets the endpoint that reads one.
    expect(await top('Get a workflow of my repository by its id')).toBe(`${A}/actions/get-a-workflow`);
  });

  it("prefers the operation of the owner the question names: 'my repository' is the repository's, not the reader's", async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // "my repository" names the repository, not the reader: not "Set interaction restrictions for your public repositories".
    expect(await top('Limit interactions on my repository for 24 hours')).toBe(
      `${A}/interactions/set-interaction-restrictions-for-a-repository`,
    );
    expect(await top('Restrict interactions with my repository to collaborators')).toBe(
      `${A}/interactions/set-interaction-restrictions-for-a-repository`,
    );
  });

  it('reads the action of a verb that undoes another (unregister, deregister)', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Get a self-hosted runner for an organization", nor "List runner applications for an organization".
    expect(await top('Deregister a self-hosted runner from my organization')).toBe(
      `${A}/actions/delete-a-self-hosted-runner-from-an-organization`,
    );
    expect(await top('Unregister a runner from my organization')).toBe(`${A}/actions/delete-a-self-hosted-runner-from-an-organization`);
    // "Assign" adds, so "unassign" removes; the role named in quotes is one item (not *Get all organization roles*).
    expect(await top('The platform team no longer needs the custom "CI admin" org role. Unassign it from that team')).toBe(
      `${A}/orgs/remove-an-organization-role-from-a-team`,
    );
  });

  it('reads a name in quotes as one item, and "not just …" as what is not wanted', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "List private registries for an organization".
    expect(
      await top('How do I check how our org\'s "npm-internal" private registry is set up, like its URL, type and which repos can use it?'),
    ).toBe(`${A}/private-registries/get-a-private-registry-for-an-organization`);
    // Not "Delete an issue field value from an issue".
    expect(
      await top(
        "We stopped using the 'Estimate' custom field on issues across our organization. How do I get rid of the field itself, not just its values on individual issues?",
      ),
    ).toBe(`${A}/orgs/delete-issue-field-for-an-organization`);
  });

  it('takes an instruction whose verb it does not know for a change, not a read', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // "Leave" is no action word: not "Get a gist comment", nor "Get a review comment for a pull request".
    expect(await top('Leave a comment on a gist')).toBe(`${A}/gists/create-a-gist-comment`);
    // Creating a review (its body's `event` may be `COMMENT`, its `comments` are review comments) also leaves one.
    expect([`${A}/pulls/create-a-review-comment-for-a-pull-request`, `${A}/pulls/create-a-review-for-a-pull-request`]).toContain(
      await top('Leave a review comment on a pull request'),
    );
  });

  it('reads a phrasal verb split by its object, and storing as creating or changing', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Request reviewers for a pull request" (take … off: remove).
    expect(await top('Take someone off the reviewers of my pull request')).toBe(
      `${A}/pulls/remove-requested-reviewers-from-a-pull-request`,
    );
    // Not "Create an organization invitation" (take … back: cancel).
    expect(await top('I invited the wrong person to my org, how do I take it back?')).toBe(`${A}/orgs/cancel-an-organization-invitation`);
    // Not "Delete a repository secret": storing creates or updates.
    expect(await top('Store a secret that Dependabot can use')).toBe(`${A}/dependabot/create-or-update-a-repository-secret`);
    // Turning off an installation suspends it.
    expect(await top('Temporarily turn off a GitHub App installation')).toBe(`${A}/apps/suspend-an-app-installation`);
  });

  it("takes the main clause's verb for the action, and one item when the question singles one out", async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Create an organization repository ruleset" ("newly created" qualifies the repositories).
    expect(await top('Edit an org-wide ruleset so it also covers our newly created repositories')).toBe(
      `${A}/repos/update-an-organization-repository-ruleset`,
    );
    // Not "List repository organization variables" ("the whole list" is what is replaced).
    expect(await top('Replace the whole list of repositories that can read an organization-level Actions variable')).toBe(
      `${A}/actions/set-selected-repositories-for-an-organization-variable`,
    );
    // Not "List GitHub-hosted runners for an organization": one of them, by its id.
    expect(await top("Look up one of our organization's GitHub-hosted runners by its id")).toBe(
      `${A}/actions/get-a-github-hosted-runner-for-an-organization`,
    );
    // Not "Remove a custom label from a self-hosted runner for an organization": every label.
    expect(await top("Clear every custom label from one of our org's self-hosted runners")).toBe(
      `${A}/actions/remove-all-custom-labels-from-a-self-hosted-runner-for-an-organization`,
    );
    // Not "List child teams" ("get rid of" deletes).
    expect(await top('Get rid of a team in my org. Does that also remove its child teams?')).toBe(`${A}/teams/delete-a-team`);
  });

  it('reads the ask after the context, switching off as deleting, and "non-" as what is not wanted', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Create a private registry for an organization" ("saved").
    expect(
      await top("Our internal npm registry moved to a new URL. Update the one saved in our org's settings so Dependabot keeps working"),
    ).toBe(`${A}/private-registries/update-a-private-registry-for-an-organization`);
    // Not "Create commit signature protection": the switch is a resource that exists while it is on.
    expect(await top("We don't want to require signed commits on main anymore. How do I switch that off?")).toBe(
      `${A}/repos/delete-commit-signature-protection`,
    );
    // Not "Create or update an environment secret".
    const pages = sources(
      await ask([userMessage("Add a non-secret config value to my repo's staging environment that workflows can read")]),
    ).map((s) => s.metadata.page);
    expect(pages.slice(0, 2)).toContain(`${A}/actions/create-an-environment-variable`);
  });

  it('finds the un- verb of what a question takes back, and reads what a reader pulls', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Star a gist": the site has an un- verb for it.
    expect(await top("I starred someone's gist by accident. How do I take the star back?")).toBe(`${A}/gists/unstar-a-gist`);
    // Not "Create a review comment for a pull request".
    expect(await top('Pull every comment posted on any issue or PR in my repo since last Monday, newest first')).toBe(
      `${A}/issues/list-issue-comments-for-a-repository`,
    );
    // Not "Get a webhook delivery for an organization webhook".
    expect(await top("Our org webhook's server was down yesterday. Resend one of the deliveries that failed")).toBe(
      `${A}/orgs/redeliver-a-delivery-for-an-organization-webhook`,
    );
  });

  it('answers a question about a state with an operation that reads it', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "Create a GitHub Pages site" (its request body has the source branch and https_enforced too).
    expect(await top("What's the URL of my repo's Pages site, which branch does it publish from, and is HTTPS enforced?")).toBe(
      `${A}/repos/get-a-github-pages-site`,
    );
    // Not "Set a code security configuration as a default for an enterprise".
    expect(await top('Which code security configurations get applied automatically to new repositories across our enterprise?')).toBe(
      `${A}/code-security/get-default-code-security-configurations-for-an-enterprise`,
    );
  });

  it('searches what a question asks for before its details, and "my repo" as the repository\'s', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Not "List labels for a self-hosted runner for a repository": the labels are a detail of the runner asked for.
    expect(await top('Is one particular self-hosted runner on my repo online and busy right now, and what labels does it have?')).toBe(
      `${A}/actions/get-a-self-hosted-runner-for-a-repository`,
    );
    // Not "Get a repository installation for the authenticated app", nor an endpoint of the authenticated user's.
    expect(await top('Which repositories can my GitHub App installation reach?')).toBe(
      `${A}/apps/list-repositories-accessible-to-the-app-installation`,
    );
    // A handle names a user: not "List organization invitation teams".
    expect(await top('Is @alice a maintainer or a regular member of our backend team, and has she accepted the invite yet?')).toBe(
      `${A}/teams/get-team-membership-for-a-user`,
    );
  });

  it('matches what an endpoint does, not the fields of the objects it returns', async () => {
    const top = async (q: string) => sources(await ask([userMessage(q)]))[0]!.metadata.page;
    // Membership endpoints return a team object (name, slug, ...); they used to outrank the endpoint creating a team.
    expect(await top('Make a new team in my org')).toBe(`${A}/teams/create-a-team`);
  });

  it("finds an update by the request body field the question is about, not only by the operation's title", async () => {
    const pages = async (q: string) => sources(await ask([userMessage(q)])).map((s) => s.metadata.page);
    // `required_status_checks` is a field of *Update branch protection*'s body; it used to rank third, below
    // *Check if a pull request has been merged*.
    expect((await pages('Require status checks to pass before merging into main'))[0]).toBe(`${A}/repos/update-branch-protection`);
    // `delete_branch_on_merge` of *Update a repository*: it used to be fifth, below four merge endpoints.
    const merged = await pages('Automatically delete head branches after pull requests are merged');
    expect(merged.indexOf(`${A}/repos/update-a-repository`)).toBeGreaterThanOrEqual(0);
    expect(merged.indexOf(`${A}/repos/update-a-repository`)).toBeLessThan(3);
  });
});
