/**
 * What a question asks for, read from its words (intent.ts): the owner it names against an operation's path, and
 * its action when a question word or an undoing verb is in it. Pure functions; the ranking effect is tested on the
 * GitHub REST site (assistant-github.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  asksAboutState,
  asksForCollection,
  namesEveryItem,
  pathScope,
  questionActions,
  questionNumber,
  questionScopes,
} from '../src/assistant/intent.ts';
import { buildQuery, DETAIL, detailsStart, HISTORY } from '../src/assistant/query.ts';
import { queryGroups } from '../src/assistant/vocabulary.ts';

describe('owners', () => {
  it('reads the owner an operation path starts from, and the owners named further on', () => {
    expect(pathScope('/user/interaction-limits')).toEqual({ owner: 'me', named: new Set(['me']) });
    expect(pathScope('/users/{username}/keys')).toEqual({ owner: 'user', named: new Set(['user']) });
    expect(pathScope('/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}')).toEqual({ owner: 'org', named: new Set(['org', 'repo']) });
    expect(pathScope('/repos/{owner}/{repo}/collaborators/{username}')).toEqual({ owner: 'repo', named: new Set(['repo', 'user']) });
    expect(pathScope('/app/installations/{installation_id}')).toEqual({ owner: 'app', named: new Set(['app']) });
    expect(pathScope('/gists/public').owner).toBeUndefined();
  });

  it('reads the owners a question names; "my repo" names the repository, not the reader', () => {
    expect(questionScopes('Who is watching my repo?')).toEqual(new Set(['repo']));
    expect(questionScopes('Get everyone who belongs to our organization')).toEqual(new Set(['org']));
    expect(questionScopes("Look up a user's profile")).toEqual(new Set(['user']));
    expect(questionScopes('Which teams am I on?')).toEqual(new Set(['me']));
    expect(questionScopes('Create a label')).toEqual(new Set());
    // A handle names a user; "my GitHub App" is the app's, not the reader's.
    expect(questionScopes('Take the security manager role away from @dana in our org')).toEqual(new Set(['user', 'org']));
    expect(questionScopes('Which repositories can my GitHub App installation reach?')).toEqual(new Set(['repo', 'app']));
    expect(questionScopes('Email me at dana@example.com')).toEqual(new Set(['me']));
  });

  it('searches "my" as the reader\'s only when it owns no repository, organization or app', () => {
    const alternatives = (q: string) => queryGroups(q).flatMap((g) => g.alternatives.map((a) => a.stems.join(' ')));
    expect(alternatives('List my starred gists')).toContain('authent user');
    expect(alternatives('Who is watching my repo?')).not.toContain('authent user');
    expect(alternatives('Which repositories can my GitHub App installation reach?')).not.toContain('authent user');
  });
});

describe('what is not wanted', () => {
  it('weighs what follows "not a / not the / not just" as what the reader does not want', () => {
    const negated = (q: string) =>
      queryGroups(q)
        .filter((g) => g.negated)
        .map((g) => g.text);
    expect(negated('How do I edit my review summary (not an inline comment)?')).toEqual(['inline']);
    expect(negated('Get rid of the field itself, not just its values')).toEqual(['values']);
    expect(negated('Why is this not working?')).toEqual([]);
  });
});

describe('details', () => {
  it('finds where the details of a question start: a colon, ", and …", "and what / whether / is …"', () => {
    const details = (q: string) => {
      const at = detailsStart(q);
      return at === undefined ? undefined : q.slice(at);
    };
    expect(details('Details of one code scanning run on my repo: which tool ran and how many alerts it found')).toBe(
      ': which tool ran and how many alerts it found',
    );
    expect(details('Is one particular self-hosted runner on my repo online and busy right now, and what labels does it have?')).toBe(
      ', and what labels does it have?',
    );
    expect(details('Look up one of my own container images to see whether it is public and how many versions it has')).toBe(
      'and how many versions it has',
    );
    expect(details('Delete a label and create a new one')).toBeUndefined();
    expect(details('See https://example.com/docs for the list')).toBeUndefined();
  });

  it('weighs the words only the details name less than those of what is asked for', () => {
    const weights = Object.fromEntries(
      buildQuery({ text: 'Is one self-hosted runner on my repo online, and what labels does it have?' }).question.map((g) => [
        g.text,
        g.weight,
      ]),
    );
    expect(weights.runner).toBe(1);
    expect(weights.online).toBe(1);
    expect(weights.labels).toBe(DETAIL);
  });
});

describe('follow-ups', () => {
  /** The earlier turns' words searched for a follow-up, with their weights. */
  const fromHistory = (text: string, earlier: string) =>
    Object.fromEntries(
      buildQuery({ text, history: [earlier] })
        .groups.filter((g) => g.origin === 'history')
        .map((g) => [g.text, g.weight]),
    );
  const proxy = 'How do I add a host to the proxy allowlist?';

  it('searches a follow-up that names its own subject alone', () => {
    // Found in Chromium on our docs: the earlier question's words outweighed these, and its answer came back.
    expect(fromHistory('What does lectern serve --assistant do?', proxy)).toEqual({});
    expect(fromHistory('Is there a way to hide a page from search?', proxy)).toEqual({});
    expect(fromHistory('Is it possible to add a custom font?', proxy)).toEqual({});
    expect(buildQuery({ text: 'What does lectern serve --assistant do?', history: [proxy] }).elliptic).toBe(false);
  });

  it('searches the last turn with a follow-up that leans on it, and less with a short one', () => {
    // It carries on ("and …", "what about …") or points back ("it", "their") with few words of its own.
    expect(fromHistory('and how do I turn it off?', proxy)).toMatchObject({ proxy: HISTORY.leans, allowlist: HISTORY.leans });
    expect(fromHistory('what about PostgreSQL?', 'How do I run the assistant on several instances?')).toMatchObject({
      instances: HISTORY.leans,
    });
    expect(fromHistory('how do I change their order?', 'Which code sample languages are supported?')).toMatchObject({
      code: HISTORY.leans,
    });
    // Two words of its own: the earlier turn's words, all together, weigh no more than one of them.
    const short = fromHistory('How do I fork a repository?', 'How do I list the workflow runs of a repository?');
    expect(short).toMatchObject({ workflow: HISTORY.partly });
    expect(Object.values(short).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
  });
});

describe('actions', () => {
  it('takes a question word inside the question for what is acted on, not for reading', () => {
    expect(questionActions('Change which events a repository webhook listens to')).toEqual(new Set(['update']));
    expect(questionActions('Which events does this webhook listen to?')).toEqual(new Set(['read']));
  });

  it('reads "how many" / "how much" questions, whatever verbs follow', () => {
    expect(questionActions('How many lines were added and removed each week?')).toEqual(new Set(['read']));
    expect(questionActions('How much storage do Actions caches use?')).toEqual(new Set(['read']));
  });

  it('reads a question about a state, unless it asks what to call or use for an action', () => {
    const aboutState = (q: string) => asksAboutState(q, questionActions(q));
    expect(aboutState("What's the URL of my repo's Pages site, and is HTTPS enforced?")).toBe(true);
    expect(questionActions('Which endpoint do I call to delete a webhook from a repo?')).toEqual(new Set(['delete']));
    expect(aboutState('Which endpoint do I call to delete a webhook from a repo?')).toBe(false);
    // "to" as a preposition or after another verb is no purpose.
    expect(questionActions('Which configurations get applied automatically to new repositories?')).toEqual(new Set(['read']));
    expect(questionActions('Which events did our webhook fail to send?')).toEqual(new Set(['read']));
    expect(aboutState('Delete a webhook')).toBe(false);
  });

  it('takes an instruction opening with a verb that is no action word for a change (create, update or delete)', () => {
    expect(questionActions('Leave a comment on a commit')).toEqual(new Set(['create', 'update', 'delete']));
    expect(questionActions('Ban someone from our organization')).toEqual(new Set(['create', 'update', 'delete']));
    // Reading verbs are action words; a question opening with a noun or a pronoun is no instruction.
    expect(questionActions("Filter a repository's issues by label")).toEqual(new Set(['read']));
    expect(questionActions('Explain the rate limit')).toEqual(new Set(['read']));
    expect(questionActions("Repos I've starred")).toEqual(new Set(['create']));
    expect(questionActions('Secrets that a repository uses')).toEqual(new Set());
    expect(questionActions('Webhooks of a repository')).toEqual(new Set());
  });

  it('reads a phrasal verb split by its object ("take someone off"), and storing as creating or changing', () => {
    expect(questionActions('Take someone off a team')).toEqual(new Set(['delete']));
    expect(questionActions('I invited the wrong person, how do I take it back?')).toEqual(new Set(['create', 'delete']));
    expect(questionActions('Turn the protection on')).toEqual(new Set(['create', 'update']));
    expect(questionActions('Store a secret that Dependabot can use')).toEqual(new Set(['create', 'update']));
    // Only a pronoun, or a determiner and a word, stand between: "signed commits on main" is no "sign on" (the
    // verb is "require": setting up a rule).
    expect(questionActions('Take the old deploy keys of the repository off')).toEqual(new Set(['create', 'update', 'delete']));
    expect(questionActions('Require signed commits on the main branch')).toEqual(new Set(['create', 'update']));
  });

  it('reads a verb that undoes a creation as a deletion, one that undoes a change as a change', () => {
    expect(questionActions('Unregister a runner')).toEqual(new Set(['delete']));
    expect(questionActions('Deregister a runner')).toEqual(new Set(['delete']));
    expect(questionActions('Unarchive a repository')).toEqual(new Set(['update']));
    expect(questionActions('Assign our enterprise team to three organizations')).toEqual(new Set(['create']));
    expect(questionActions('Unassign the custom role from that team')).toEqual(new Set(['delete']));
  });

  it("takes the main clause's verb for the action, not action words in the rest of the question", () => {
    // "created" qualifies the repositories; "list" is a noun; "publishers" is no "publish".
    expect(questionActions('Edit an org-wide ruleset so it also covers our newly created repositories')).toEqual(new Set(['update']));
    expect(questionActions('Replace the whole list of repositories that can read a variable')).toEqual(new Set(['update']));
    expect(questionActions('Query documentation from many publishers')).toEqual(new Set(['read']));
    expect(questionActions('How do I set up a ruleset that blocks force pushes?')).toEqual(new Set(['create', 'update']));
    expect(questionActions('Can I look up a runner by its id?')).toEqual(new Set(['read']));
    // A verb joined to it acts too.
    expect(questionActions('Add or remove labels of an issue')).toEqual(new Set(['create', 'delete']));
    // Without a main clause of that form, every action word counts.
    expect(questionActions('My team wants labels created and old ones removed')).toEqual(new Set(['create', 'delete']));
  });

  it('reads phrasal and framing verbs: get rid of, lift, bring back, stop … from, let, put … into', () => {
    expect(questionActions('How do I get rid of a custom property?')).toEqual(new Set(['delete']));
    expect(questionActions('Lift the temporary limit on who can comment')).toEqual(new Set(['delete']));
    expect(questionActions('Wipe all the logs for just that run')).toEqual(new Set(['delete']));
    expect(questionActions('Can I bring back a deleted package version?')).toEqual(new Set(['update']));
    expect(questionActions('Stop check suites from being created on every push')).toEqual(new Set(['update', 'delete']));
    expect(questionActions("Stop putting the repo's team property into OIDC tokens")).toEqual(new Set(['update', 'delete']));
    expect(questionActions('Let one more repository use an organization variable')).toEqual(new Set(['create', 'update']));
    expect(questionActions('Put a user into one of our teams')).toEqual(new Set(['create']));
    // What exists already is changed, not created.
    expect(questionActions('Turn on push protection in one of our existing configurations')).toEqual(new Set(['update']));
  });

  it('takes turning off for changing or deleting, unless it is for a while', () => {
    expect(questionActions('Turn off branch protection on main')).toEqual(new Set(['update', 'delete']));
    expect(questionActions('Temporarily turn off a GitHub App installation')).toEqual(new Set(['update']));
    expect(questionActions('Detach a team from an organization')).toEqual(new Set(['delete']));
  });

  it('reads "require" as setting up a rule, and "pull" / "grab" as reading unless it is a pull request', () => {
    expect(questionActions('Require signed commits on the main branch')).toEqual(new Set(['create', 'update']));
    expect(questionActions('Pull every comment posted on any issue since Monday')).toEqual(new Set(['read']));
    expect(questionActions('Pull request reviews waiting on me')).toEqual(new Set());
  });

  it("reads each sentence's main verb: context first, then the ask", () => {
    expect(questionActions("Our npm registry moved to a new URL. Update the one saved in our org's settings")).toEqual(new Set(['update']));
    expect(questionActions("We don't require signed commits anymore. How do I switch that off?")).toEqual(new Set(['update', 'delete']));
  });
});

describe('how many things', () => {
  it('takes "one of our …", "a specific …" and "by its id" for one item, even among plurals', () => {
    expect(questionNumber("Look up one of our organization's runners by its id")).toBe('one');
    expect(asksForCollection("Look up one of our organization's runners by its id")).toBe(false);
    expect(asksForCollection('Check the status of a specific Actions run')).toBe(false);
    // After a preposition, "one of …" names the container of what is asked.
    expect(asksForCollection("What files are attached to one of our org's spaces?")).toBe(true);
    // A name in quotes is one item; an apostrophe in a word is no quote.
    expect(asksForCollection('How is our org\'s "npm-internal" private registry set up, and which repos can use it?')).toBe(false);
    expect(questionNumber("Delete the 'Estimate' custom field of our issues")).toBe('one');
    expect(asksForCollection("Which repos can't use our org's registries?")).toBe(true);
    expect(asksForCollection('Which runners does our organization have?')).toBe(true);
    // "every" is about the items acted on: many, and all of them.
    expect(questionNumber("Clear every custom label from one of our org's runners")).toBe('many');
    expect(namesEveryItem("Clear every custom label from one of our org's runners")).toBe(true);
    // A history is a list.
    expect(asksForCollection('What is the status history of a deployment?')).toBe(true);
    expect(asksForCollection('Show the rules of one ruleset on my repository, given its ID')).toBe(false);
    expect(asksForCollection('Change their names in bulk')).toBe(true);
    // "At once", "in bulk", "a whole batch of": every item.
    expect(namesEveryItem('Remove a whole batch of attestations at once')).toBe(true);
    expect(namesEveryItem('Remove an attestation')).toBe(false);
  });
});
