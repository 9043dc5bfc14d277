"""A bot for the JSON-lines protocol (docs/bot-protocol.md) with nothing but the standard library: it
reads one message a line on its standard input and answers each `decide` with a random action.

    citadels simulate --players 4 --games 10 --bots "cmd:python3 docs/examples/random_bot.py",normal,normal,normal
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            action = rng.choice(message["actions"])
            print(json.dumps({"action": action["id"]}), flush=True)
        elif message["type"] == "error":
            print("told:", message["reason"], file=sys.stderr)
        elif message["type"] == "over":
            break


if __name__ == "__main__":
    main()
