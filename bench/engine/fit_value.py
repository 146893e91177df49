#!/usr/bin/env python3
"""Fits the 9x9 learned evaluation (docs/ENGINE.md "Learned evaluation") on positions from
`value_data.py` and writes its weights as text for `crates/engine/src/value.rs`.

A small convolutional network: the data's 12 input planes (14 with `--named`), `--layers`
3x3 convolutions of `--channels` channels with ReLU, then two heads: the final owner of
every point (a 1x1 convolution, tanh) and whether the side to move wins (the channels' mean
and max over the board, one hidden layer, a sigmoid). Trained on all eight symmetries of the
board; reports the fit on the held-out games beside Tengen's own win rate at the same
positions.

    python3 bench/engine/fit_value.py TRAIN.npz TEST.npz OUT.txt [--channels 32] [--layers 5]

With `--init W.txt` the fit starts from the evaluation in a weight file (a move head in it is
left out) instead of a new network: fitting the shipped one further on newer games, at a
lower `--lr` (docs/ENGINE.md, "Trusting the network more, and fitting it again").

With `--teacher T.txt`, each position's targets are a mix of its game's outcome and the
chances a larger fitted network (a weight file of its own) gives it, `--teacher-weight` of
the latter: the small network the engine can afford learns from the large one's judgement as
well as from the noisy results (distillation; docs/ENGINE.md, "A larger network").

With `--balance`, on data with the two named planes (`value_data.py --named`), each position
is weighed so that for each pair of players the positions won and lost weigh the same, and
the network is fitted on the twelve board planes alone: which player is to move then says
nothing on its own of who wins, so the network is not paid for telling them apart
(docs/ENGINE.md, "Who is playing").

With `--fold`, a network fitted on named data is written as a twelve-plane one that sees
both sides as Tengen, the players of the A/B matches: two constant planes of ones are the
board plane's input twice more, so their weights add to its own exactly. The search then asks
who wins between equal players, not who wins when Tengen plays GNU Go (docs/ENGINE.md, "Who
is playing").
"""

import argparse
import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import value_data


class ValueNet(nn.Module):
    def __init__(self, channels, layers, planes=12):
        super().__init__()
        self.convs = nn.ModuleList(
            [nn.Conv2d(planes if i == 0 else channels, channels, 3, padding=1) for i in range(layers)]
        )
        self.owner = nn.Conv2d(channels, 1, 1)
        self.hidden = nn.Linear(2 * channels, channels)
        self.win = nn.Linear(channels, 1)

    def forward(self, x):
        for conv in self.convs:
            x = F.relu(conv(x))
        owner = torch.tanh(self.owner(x)).squeeze(1)
        pooled = torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3))], dim=1)
        win = self.win(F.relu(self.hidden(pooled))).squeeze(1)
        return win, owner


def read_weights(path):
    """The evaluation in a weight file: (channels, layers, planes, {name: flat values})."""
    lines = [l for l in open(path) if l.strip() and not l.startswith("#")]
    channels, layers, planes = (int(v) for v in lines[0].split())
    # The evaluation's tensors only: a move head already in the file is fitted again.
    end = next((i for i, l in enumerate(lines) if l.startswith("moves ")), len(lines))
    return channels, layers, planes, read_tensors(lines[1:end])


def read_tensors(lines):
    """{name: flat values} from a weight file's lines, each tensor a `name count` line and
    a line of its values."""
    tensors = {}
    for head, values in zip(lines[0::2], lines[1::2]):
        name, n = head.split()
        flat = [float(v) for v in values.split()]
        assert len(flat) == int(n), name
        tensors[name] = flat
    return tensors


def load_net(path):
    """The evaluation in a weight file as a network (a move head in the file is left out)."""
    channels, layers, planes, tensors = read_weights(path)
    net = ValueNet(channels, layers, planes)
    net.load_state_dict({k: torch.tensor(v).view_as(t)
                         for (k, t), v in zip(net.state_dict().items(), tensors.values())})
    return net


# The plane of ones (the board) and the two named planes (`value_data.planes`).
BOARD_PLANE, NAMED_PLANES = 10, (12, 13)


def fold_named(net):
    """A twelve-plane copy of a network fitted on named data that sees both sides as Tengen:
    with the named planes all ones, each is the board plane again (same zero padding), so
    its weights move onto the board plane's."""
    state = {k: v.clone() for k, v in net.state_dict().items()}
    weight = state["convs.0.weight"]
    for plane in NAMED_PLANES:
        weight[:, BOARD_PLANE] += weight[:, plane]
    state["convs.0.weight"] = weight[:, : NAMED_PLANES[0]].clone()
    folded = ValueNet(net.convs[0].out_channels, len(net.convs), NAMED_PLANES[0])
    folded.load_state_dict(state)
    return folded


def balanced_weights(x, value):
    """A weight for each position of named data such that, for each pair of players (who is
    to move, who waits), the positions won and those lost weigh the same in all: which player
    is to move then says nothing on its own of who wins, and a network fitted so gains nothing
    on average by telling Tengen's positions from GNU Go's (docs/ENGINE.md, "Who is playing")."""
    cell = x[:, NAMED_PLANES[0], 0, 0] * 2 + x[:, NAMED_PLANES[1], 0, 0]
    weight = np.ones(len(value), dtype=np.float32)
    for c in np.unique(cell):
        for won in (0.0, 1.0):
            chosen = (cell == c) & (value == won)
            weight[chosen] = 0.5 * (cell == c).sum() / max(chosen.sum(), 1)
    return torch.from_numpy(weight)


def symmetry(t, k):
    """One of the eight symmetries of the square, on the last two axes."""
    if k & 4:
        t = t.transpose(-1, -2)
    return torch.rot90(t, k & 3, dims=(-2, -1))


def evaluate(net, data, batch=4096):
    net.eval()
    wins, owners = [], []
    with torch.no_grad():
        for i in range(0, len(data["x"]), batch):
            w, o = net(torch.from_numpy(data["x"][i : i + batch]))
            wins.append(torch.sigmoid(w))
            owners.append(o)
    net.train()
    return torch.cat(wins).numpy(), torch.cat(owners).numpy()


def report(net, test):
    p, owner = evaluate(net, test)
    y = test["value"]
    brier = float(np.mean((p - y) ** 2))
    acc = float(np.mean((p > 0.5) == (y > 0.5)))
    own_mse = float(np.mean((owner - test["owner"]) ** 2))
    line = f"net brier {brier:.4f} acc {acc:.3f} owner mse {own_mse:.3f}"
    rated = test["tengen_rate"] >= 0
    if rated.any():
        r = test["tengen_rate"][rated]
        line += (
            f" | on Tengen's {rated.sum()} moves: net brier {np.mean((p[rated] - y[rated]) ** 2):.4f}"
            f" search brier {np.mean((r - y[rated]) ** 2):.4f}"
        )
        move = np.zeros(len(y), dtype=np.int32)
        for i in range(1, len(y)):
            move[i] = move[i - 1] + 1 if test["game"][i] == test["game"][i - 1] else 0
        window = rated & (move >= 14) & (move < 40)
        r = test["tengen_rate"][window]
        line += (
            f" | moves 15-40 ({window.sum()}): net {np.mean((p[window] - y[window]) ** 2):.4f}"
            f" search {np.mean((r - y[window]) ** 2):.4f}"
        )
    return line


# The position whose value the weight file records, for the Rust reader's test: game 2725's
# lower right (docs/ENGINE.md, "A collapse read move by move"), Black to move and the engine.
CHECK_ROWS = ".........,...X.X...,..OOOXXX.,..O.X.XOO,.O.XXXOX.,.....OOX.,..OXX.OO.,...XOO...,....X...."


def check_value(net):
    """The network's value of `CHECK_ROWS` for Black to move, Black being the engine."""
    board = [{"X": 1, "O": 2}.get(ch, 0) for ch in CHECK_ROWS.replace(",", "")]
    x = value_data.planes(board, 1, None, True, False)[: net.convs[0].in_channels]
    net.eval()
    with torch.no_grad():
        win, _ = net(torch.from_numpy(x.reshape(1, -1, 9, 9)))
    net.train()
    return float(torch.sigmoid(win)[0])


def write_weights(net, path, channels, layers):
    with open(path, "w") as out:
        out.write(f"# tengen 9x9 learned evaluation: {net.convs[0].in_channels} planes, {layers} layers of {channels}\n")
        out.write(f"# check {CHECK_ROWS} b {check_value(net):.6f}\n")
        out.write(f"{channels} {layers} {net.convs[0].in_channels}\n")
        write_tensors(out, net)


def write_tensors(out, module, prefix=""):
    """Each tensor of `module` as two lines: `PREFIX+NAME COUNT`, then its values."""
    for name, tensor in module.state_dict().items():
        flat = tensor.detach().numpy().reshape(-1)
        out.write(f"{prefix}{name} {len(flat)}\n")
        out.write(" ".join(f"{v:.6g}" for v in flat) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    ap.add_argument("test")
    ap.add_argument("out")
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--layers", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--owner-weight", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", help="start from the evaluation in this weight file (its size wins over --channels and --layers)")
    ap.add_argument("--lr", type=float, default=2e-3, help="the peak learning rate")
    ap.add_argument("--teacher", help="a larger network's weight file whose chances are mixed into the targets")
    ap.add_argument("--teacher-weight", type=float, default=0.5,
                    help="the teacher's share of each target (the game's outcome has the rest)")
    named = ap.add_mutually_exclusive_group()
    named.add_argument("--balance", action="store_true",
                       help="weigh named data so that each player wins half its positions' weight, then fit without the names")
    named.add_argument("--fold", action="store_true",
                       help="write a named fit as a twelve-plane network that sees both sides as Tengen")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    train = dict(np.load(args.train))
    test = dict(np.load(args.test))
    if (args.balance or args.fold) and train["x"].shape[1] <= NAMED_PLANES[-1]:
        ap.error("--balance and --fold need named data (value_data.py --named)")
    if args.teacher and (args.balance or args.fold):
        ap.error("--teacher fits twelve-plane data, not named data")
    if not 0.0 <= args.teacher_weight <= 1.0:
        ap.error("--teacher-weight is a share: between 0 and 1")
    x = torch.from_numpy(train["x"])
    y = torch.from_numpy(train["value"])
    own = torch.from_numpy(train["owner"])
    weight = torch.ones(len(y))
    if args.balance:
        weight = balanced_weights(train["x"], train["value"])
        x = x[:, : NAMED_PLANES[0]].contiguous()
        test = dict(test, x=test["x"][:, : NAMED_PLANES[0]])
    if args.init:
        net = load_net(args.init)
        args.channels, args.layers = net.convs[0].out_channels, len(net.convs)
        print(f"from {args.init}: {report(net, test)}", flush=True)
    else:
        net = ValueNet(args.channels, args.layers, x.shape[1])
    if args.teacher:
        # The teacher's chances once, on the positions as stored; a batch's symmetry is then
        # applied to its owners (the win chance of a fitted network hardly moves with it).
        teacher = load_net(args.teacher)
        if teacher.convs[0].in_channels != x.shape[1]:
            ap.error(f"--teacher reads {teacher.convs[0].in_channels} planes, the data has {x.shape[1]}")
        print(f"teacher {args.teacher}: {report(teacher, test)}", flush=True)
        t_win, t_owner = evaluate(teacher, train)
        a = args.teacher_weight
        y = a * torch.from_numpy(t_win) + (1 - a) * y
        t_owner = torch.from_numpy(t_owner)
    steps = args.epochs * math.ceil(len(x) / args.batch)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
    start = time.time()
    for epoch in range(args.epochs):
        order = torch.randperm(len(x))
        for i in range(0, len(x), args.batch):
            idx = order[i : i + args.batch]
            k = int(torch.randint(8, (1,)))
            xb, ob = symmetry(x[idx], k), symmetry(own[idx], k)
            if args.teacher:
                ob = a * symmetry(t_owner[idx], k) + (1 - a) * ob
            w, o = net(xb)
            loss = (F.binary_cross_entropy_with_logits(w, y[idx], weight=weight[idx])
                    + args.owner_weight * F.mse_loss(o, ob))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        print(f"epoch {epoch + 1} ({time.time() - start:.0f} s): {report(net, test)}", flush=True)
    if args.fold:
        net = fold_named(net)
        equal = dict(test, x=test["x"][:, : NAMED_PLANES[0]])
        print(f"folded, both sides named Tengen: {report(net, equal)}", flush=True)
    write_weights(net, args.out, args.channels, args.layers)


if __name__ == "__main__":
    main()
