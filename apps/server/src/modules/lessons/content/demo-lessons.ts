import type { LessonKind } from '@tuzo/contracts';

/**
 * The demo courses written by the Tuzo team: 9 forex lessons (parts 1-3 and 5-10; the spec's list has no part 4)
 * and 13 crypto lessons, each a title and a short written summary. No video links: the app runs without internet,
 * and an operator adds hosted videos (https links) later. Education only, never advice to trade.
 */
export interface DemoLesson {
  kind: LessonKind;
  part: number;
  title: string;
  summary: string;
}

const forex = (part: number, title: string, summary: string): DemoLesson => ({ kind: 'forex', part, title, summary });
const crypto = (part: number, title: string, summary: string): DemoLesson => ({ kind: 'crypto', part, title, summary });

export const FOREX_LESSONS: readonly DemoLesson[] = [
  forex(
    1,
    'What is forex?',
    'Forex (foreign exchange) is the market where currencies are bought and sold. It is the largest financial market in the world and runs 24 hours a day on weekdays, moving between trading centres such as Sydney, Tokyo, London and New York. Businesses, banks, travellers and traders all take part.',
  ),
  forex(
    2,
    'Currency pairs and quotes',
    'Currencies are always traded in pairs. In EUR/USD the euro is the base currency and the US dollar the quote currency: a price of 1.0850 means one euro costs 1.0850 dollars. Brokers show two prices, the bid (what you sell at) and the ask (what you buy at); the gap between them is the spread, a cost you pay on every trade.',
  ),
  forex(
    3,
    'Pips, lots and leverage',
    'A pip is the usual smallest price step: the fourth decimal place for most pairs (0.0001) and the second for pairs with the Japanese yen (0.01). Trade sizes come in lots: a standard lot is 100,000 units of the base currency, a mini lot 10,000 and a micro lot 1,000. Leverage lets you control a large position with a small deposit (margin), and it magnifies losses exactly as much as gains.',
  ),
  forex(
    5,
    'Reading price charts',
    'A chart shows how a price moved over time. Line charts join closing prices; candlestick charts show the open, high, low and close of each period in one candle, green or hollow when the price rose and red or filled when it fell. Choose a timeframe (one minute to one month) that matches how long you plan to hold a trade.',
  ),
  forex(
    6,
    'Trends, support and resistance',
    'A trend is the general direction of price: higher highs and higher lows in an uptrend, lower highs and lower lows in a downtrend. Support is a level where falling prices have often stopped; resistance is a level where rising prices have often stalled. These levels are zones, not exact lines, and they break.',
  ),
  forex(
    7,
    'Fundamental analysis',
    'Currencies move with the economy behind them. Interest-rate decisions by central banks, inflation figures, employment reports and economic growth all change demand for a currency. An economic calendar lists when these figures are released; prices can jump sharply around the release times.',
  ),
  forex(
    8,
    'Technical indicators',
    'Indicators are calculations on past prices. A moving average smooths price to show the trend; the Relative Strength Index (RSI) runs from 0 to 100 and readings above 70 or below 30 are often called overbought or oversold; MACD compares two moving averages. Indicators lag behind price and give false signals, so never rely on one alone.',
  ),
  forex(
    9,
    'Managing risk',
    'Decide before you trade how much you can lose. Many traders risk no more than 1 to 2 percent of their account on a single trade, place a stop-loss order to close a losing trade automatically, and aim for a reward larger than the risk. Never trade with money you need for rent, food or school fees.',
  ),
  forex(
    10,
    'Trading psychology and your plan',
    'Most people who trade leveraged products lose money. Write a plan (what you trade, when you enter, when you exit, how much you risk), practise on a demo account first, keep a journal of every trade, and do not chase losses. Use only a broker licensed by your country’s regulator; in Kenya that is the Capital Markets Authority.',
  ),
];

export const CRYPTO_LESSONS: readonly DemoLesson[] = [
  crypto(
    1,
    'What is cryptocurrency?',
    'A cryptocurrency is digital money recorded on a shared public ledger instead of by a single bank. Ownership is proven with cryptographic keys. Prices are set by buyers and sellers on exchanges and can change very quickly.',
  ),
  crypto(
    2,
    'Bitcoin, the first cryptocurrency',
    'Bitcoin was launched in 2009 by a person or group using the name Satoshi Nakamoto. No more than 21 million bitcoins will ever exist. New bitcoins are created as a reward for adding blocks to its blockchain, and that reward halves roughly every four years.',
  ),
  crypto(
    3,
    'How a blockchain works',
    'A blockchain is a chain of blocks, each holding a batch of transactions and the fingerprint (hash) of the block before it. Thousands of computers keep copies and check every new block, so changing an old record would mean redoing all the blocks after it. That is what makes the history hard to alter.',
  ),
  crypto(
    4,
    'Mining and staking',
    'Networks agree on new blocks in different ways. Proof of work (Bitcoin) has miners compete to solve a puzzle with computing power. Proof of stake has validators lock up coins as a guarantee of honest behaviour; Ethereum moved from proof of work to proof of stake in September 2022.',
  ),
  crypto(
    5,
    'Ethereum and smart contracts',
    'Ethereum is a blockchain that runs programs called smart contracts: code that moves coins automatically when its conditions are met. Its coin is ether (ETH), which also pays the network fees, called gas. Many tokens, exchanges and games are built on it.',
  ),
  crypto(
    6,
    'Wallets and private keys',
    'A wallet holds the keys that control your coins. Whoever has the private key or the recovery (seed) phrase controls the coins, so write the phrase down offline and never share it or type it into a website. Hot wallets are connected to the internet and convenient; cold wallets stay offline and are safer for savings.',
  ),
  crypto(
    7,
    'Buying and selling on an exchange',
    'An exchange matches buyers and sellers. Expect to verify your identity (KYC), compare fees for deposits, trades and withdrawals, and learn the two basic orders: a market order fills now at the best price, a limit order waits for the price you set. Coins left on an exchange depend on that exchange staying honest and solvent.',
  ),
  crypto(
    8,
    'Stablecoins',
    'A stablecoin aims to keep a fixed value, usually one US dollar, by holding reserves or by rules in code. USDT and USDC are the best known. They are handy for moving value between exchanges, but a stablecoin is only as good as its reserves and has lost its peg before.',
  ),
  crypto(
    9,
    'Reading crypto charts and market capitalisation',
    'Crypto charts use the same candlesticks as other markets and trade every day, all day. Market capitalisation is the price multiplied by the number of coins in circulation; it compares the size of projects better than the price of one coin does. Trading volume shows how much actually changed hands.',
  ),
  crypto(
    10,
    'Volatility and risk',
    'Crypto prices can rise or fall by large amounts in a single day, and many coins have lost almost all of their value. Invest only what you can afford to lose completely, spread your risk, and be careful with borrowed money: leveraged positions can be closed automatically at a loss.',
  ),
  crypto(
    11,
    'Scams and staying safe',
    'Warning signs: guaranteed or very high returns, pressure to act fast, someone asking for your seed phrase or to "double" your coins, and celebrity giveaways. Turn on two-factor authentication, check website addresses carefully, and remember that a crypto payment usually cannot be reversed.',
  ),
  crypto(
    12,
    'DeFi and NFTs',
    'Decentralised finance (DeFi) offers lending, borrowing and trading through smart contracts instead of a company. A non-fungible token (NFT) is a unique token that records ownership of a digital item. Both carry extra risks: bugs in the code, hacks, and tokens that nobody wants to buy later.',
  ),
  crypto(
    13,
    'Rules, taxes and your plan',
    'Rules and taxes on crypto differ from country to country and change often. Keep a record of every purchase, sale and transfer, check what your tax authority requires, and use services that are allowed to operate where you live. Decide your goal, time frame and the most you are prepared to lose before you buy.',
  ),
];
