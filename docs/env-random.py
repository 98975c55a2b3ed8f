#!/usr/bin/env python3
"""Random games through the engine's environment server (scripts/env-server.ts).

Run from the repository root with the stock python3 (no packages):

    python3 docs/env-random.py [ruleset] [scenario] [games]

e.g. `python3 docs/env-random.py warshard boot_camp 20`. It starts the server, plays uniformly
random legal actions for every seat, reads the observation at the end and prints each game's
rewards and the steps a second. The protocol is in worker/engine/README.md.
"""
import json
import random
import subprocess
import sys
import time

ruleset = sys.argv[1] if len(sys.argv) > 1 else "warshard"
scenario = sys.argv[2] if len(sys.argv) > 2 else "boot_camp"
games = int(sys.argv[3]) if len(sys.argv) > 3 else 10

server = subprocess.Popen(
    ["npx", "tsx", "scripts/env-server.ts"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
)


def ask(request):
    server.stdin.write(json.dumps(request) + "\n")
    server.stdin.flush()
    reply = json.loads(server.stdout.readline())
    if not reply["ok"]:
        raise RuntimeError(reply["error"])
    return reply


pick = random.Random(1)
steps = 0
started = None
for game in range(games):
    reply = ask({"cmd": "reset", "ruleset": ruleset, "scenario": scenario, "seed": f"py-{game}"})
    spec = reply["spec"]
    started = started or time.time()  # the server's start (npx, tsx) is not counted
    done = False
    while not done:
        reply = ask({"cmd": "step", "index": pick.choice(reply["legal"])})
        steps += 1
        done = reply["done"]
    seat = spec["seats"][0]
    observation = ask({"cmd": "observe", "seat": seat})["observation"]
    header = dict(zip(spec["headerFields"], observation))
    rewards = dict(zip(spec["seats"], reply["rewards"]))
    print(f"game {game}: turn {header['turn']:.0f}, rewards {rewards}")
elapsed = time.time() - started
print(f"{steps} steps in {elapsed:.1f} s: {steps / elapsed:.0f} steps a second through the server")
server.stdin.close()
server.wait()
