import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanAtWidths } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// Group conversations (issue 33): two members talk in a group discussion live, and two members
// write to each other privately, live, each in their own browser context; axe at 360 and 1280 px.

const app = useApp();
const GROUP = '/g/lisbon-analytical-society';

const discussions = (page: Page) => page.getByRole('region', { name: 'Discussions' });
// The open conversation's messages (the list beside it shows the last one too).
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

describe('group discussions', () => {
  it('a member starts a discussion, another sees it and replies, and the first sees the reply live', async () => {
    const grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', GROUP);
    const alan = await newSignedInPage(app.browser, app.server.url, 'alan@example.com', GROUP);
    const errors = watchPageErrors(grace.page);
    // The seeded threads: the organizer's pinned welcome first.
    await discussions(alan.page).getByRole('button', { name: /Welcome: read this first/ }).waitFor({ timeout: 15_000 });
    await discussions(grace.page).getByRole('button', { name: 'Start a discussion' }).click();
    await grace.page.getByLabel('Title').fill('Picnic on Sunday?');
    await grace.page.getByLabel('Message').fill('Bring **bread** and a board game. @alan, are you in?');
    await grace.page.getByRole('button', { name: 'Post', exact: true }).click();
    await grace.page.getByRole('heading', { name: 'Picnic on Sunday?' }).waitFor();
    await expect.poll(() => grace.page.locator('strong', { hasText: 'bread' }).count()).toBe(1);

    // Alan's list gets the new thread live, and he answers.
    await discussions(alan.page).getByRole('button', { name: /Picnic on Sunday\?/ }).click({ timeout: 15_000 });
    await alan.page.getByLabel('Your reply').fill('Count me in, I will bring Catan.');
    await alan.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await alan.page.getByText('Count me in, I will bring Catan.').waitFor();

    // Grace sees the reply without reloading.
    await grace.page.getByText('Count me in, I will bring Catan.').waitFor({ timeout: 15_000 });
    await grace.page.getByRole('button', { name: /React with 🎉/ }).first().click();
    await expect.poll(() => grace.page.getByRole('button', { name: 'React with 🎉 1', pressed: true }).count()).toBe(1);
    await expectCleanAtWidths(grace.page, 'discussion thread');
    expect(errors).toEqual([]);
    await grace.context.close();
    await alan.context.close();
  });
});

describe('private messages', () => {
  it('a member writes from a profile, the other replies, both live, with "Seen"', async () => {
    const ada = await newSignedInPage(app.browser, app.server.url, 'ada@example.com', '/u/grace');
    const grace = await newSignedInPage(app.browser, app.server.url, 'grace@example.com', '/messages');
    const errors = watchPageErrors(ada.page);
    // Grace's inbox: the seeded conversation with Ada, one unread.
    await grace.page.getByRole('link', { name: /Ada/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => grace.page.getByText('1 unread', { exact: true }).count()).toBe(1);
    await expectCleanAtWidths(grace.page, 'inbox');

    await ada.page.getByRole('link', { name: 'Message' }).click({ timeout: 15_000 });
    await thread(ada.page).getByText('Of course. I will print a copy for everyone.').waitFor({ timeout: 15_000 });
    await ada.page.getByLabel('Write a message').fill('See you Thursday at seven!');
    await ada.page.getByRole('button', { name: 'Send' }).click();
    await thread(ada.page).getByText('See you Thursday at seven!').waitFor();

    // Grace opens the conversation; Ada's new message is there, live.
    await grace.page.getByRole('link', { name: /Ada/ }).click();
    await thread(grace.page).getByText('See you Thursday at seven!').waitFor({ timeout: 15_000 });
    await grace.page.getByLabel('Write a message').fill('Perfect, thanks!');
    await grace.page.keyboard.press('Enter');

    // Ada gets the reply without reloading, and sees her message was read.
    await thread(ada.page).getByText('Perfect, thanks!').waitFor({ timeout: 15_000 });
    await thread(ada.page).getByText('Seen', { exact: true }).waitFor({ timeout: 15_000 });
    await expectCleanAtWidths(grace.page, 'conversation');
    await expectCleanAtWidths(ada.page, 'conversation');
    expect(errors).toEqual([]);
    await ada.context.close();
    await grace.context.close();
  });
});
