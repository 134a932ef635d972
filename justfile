# sigprop's human entry points. `just --list` shows them all.
# Install just with `npm install -g rust-just` (or use the go commands shown
# in each recipe directly: nothing here is required by CI or the README's two
# commands).

set shell := ["bash", "-euo", "pipefail", "-c"]

# Show the recipes.
default:
    @just --list

# Fetch modules and build the pinned tools (gonb, goimports, gopls) and sigprop.
setup:
    command -v apt-get >/dev/null && (dpkg -s dataset-fashion-mnist >/dev/null 2>&1 || apt-get install -y dataset-fashion-mnist) || true
    go mod download
    go build -o bin/sigprop ./cmd/sigprop
    go build -o bin/gonb github.com/janpfeifer/gonb
    go build -o bin/goimports golang.org/x/tools/cmd/goimports
    cd reports/kernel/goplstool && go build -o ../../../bin/gopls golang.org/x/tools/gopls

# Run every test (the README's test command).
test:
    go test -timeout 25m ./...

# Execute all notebooks headlessly and render reports/site.
reports *ARGS:
    go run ./cmd/sigprop report {{ARGS}}

# Evaluate one library quantity, e.g. `just eval meanfield.qstar phi=tanh`.
eval *ARGS:
    go run ./cmd/sigprop eval {{ARGS}}

# Interactive Jupyter with the sigprop kernel ("Go (sigprop)": gonb wired to this checkout).
lab: setup
    command -v jupyter-notebook >/dev/null || (s=$([ "$(id -u)" = 0 ] || echo sudo); $s apt-get update && $s apt-get install -y jupyter-notebook)
    ./bin/sigprop kernel install
    cd notebooks && jupyter-notebook --no-browser $([ "$(id -u)" = 0 ] && echo --allow-root)

# The committed trainability sweeps: `just sweep 1`, `just sweep 2` (one
# directory per seed; rerunning resumes; extra arguments go to `sweep run`,
# e.g. --workers 1). The settings of the command recorded in their
# provenance.json (notebooks/data/trainability/README.md maps that command
# to these two); the binary is built so that it records its commit.
sweep SEED="1" *ARGS:
    go build -o bin/sigprop ./cmd/sigprop
    ./bin/sigprop sweep plan notebooks/data/trainability/adam-s{{SEED}}-900 trainability --alphas 0.05:0.95:6 --sigmas 0.2:4:6 --d 64 --layers 16 --steps 900 --batch 64 --val 2000 --test 5000 --seed {{SEED}}
    ./bin/sigprop sweep run notebooks/data/trainability/adam-s{{SEED}}-900 {{ARGS}}

# Regenerate a committed data set computed whole: `just generate
# jacobian-spectra` or `just generate noci-training` (extra arguments go to
# `sweep generate`, e.g. --only 24,0 to reproduce two entries; with --only,
# point DIR elsewhere: `just generate-into jacobian-spectra /tmp/x --only 24,0`).
generate NAME *ARGS:
    go build -o bin/sigprop ./cmd/sigprop
    ./bin/sigprop sweep generate {{NAME}} notebooks/data/{{NAME}} {{ARGS}}

# The same into another directory (a slice to compare with the committed data).
generate-into NAME DIR *ARGS:
    go run ./cmd/sigprop sweep generate {{NAME}} {{DIR}} {{ARGS}}

# Compare the reports of two git revisions (or two report directories).
diff A B *ARGS:
    go run ./cmd/sigprop diff {{A}} {{B}} {{ARGS}}

# Benchmarks of the library (Go side; peers' scripts live beside each package's testdata).
bench PKG="./lib/...":
    go test -run '^$' -bench . -benchmem {{PKG}}

# The same benchmarks with matrix products in OpenBLAS (needs libopenblas-dev).
bench-openblas PKG="./lib/...":
    command -v apt-get >/dev/null && (dpkg -s libopenblas-dev >/dev/null 2>&1 || apt-get install -y libopenblas-dev)
    go test -tags openblas -run '^$' -bench . -benchmem {{PKG}}

# Static checks.
lint:
    go vet ./...
    test -z "$(gofmt -l .)" || (gofmt -l . && exit 1)

# Format the Go sources.
fmt:
    gofmt -w .
