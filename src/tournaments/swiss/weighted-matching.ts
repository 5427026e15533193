/**
 * Maximum-weight matching in a general graph, O(n^3): Edmonds' blossom algorithm with dual
 * variables (Galil's formulation), ported from Joris van Rantwijk's public-domain mwmatching.py
 * to TypeScript with BigInt weights, so that many criteria can be packed into one weight
 * lexicographically without losing precision.
 */

export interface WeightedEdge {
  u: number;
  v: number;
  w: bigint;
}

/**
 * Returns mate[v] = the vertex matched to v, or -1. With maxCardinality, the matching has the
 * largest number of edges, and among those the largest weight.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality = false,
): number[] {
  const nvertex = vertexCount;
  const nedge = edges.length;
  if (nedge === 0 || nvertex === 0) return new Array<number>(nvertex).fill(-1);
  // Weights doubled so that every slack of an S-S edge stays even (integer duals).
  const eu = new Int32Array(nedge);
  const ev = new Int32Array(nedge);
  const ew: bigint[] = new Array<bigint>(nedge);
  let maxweight = 0n;
  for (let k = 0; k < nedge; k++) {
    const e = edges[k]!;
    eu[k] = e.u;
    ev[k] = e.v;
    ew[k] = e.w * 2n;
    if (ew[k]! > maxweight) maxweight = ew[k]!;
  }
  const endpoint = new Int32Array(2 * nedge);
  for (let p = 0; p < 2 * nedge; p++) endpoint[p] = p % 2 === 0 ? eu[p >> 1]! : ev[p >> 1]!;
  const neighbend: number[][] = [];
  for (let i = 0; i < nvertex; i++) neighbend.push([]);
  for (let k = 0; k < nedge; k++) {
    neighbend[eu[k]!]!.push(2 * k + 1);
    neighbend[ev[k]!]!.push(2 * k);
  }
  const mate = new Array<number>(nvertex).fill(-1);
  const label = new Array<number>(2 * nvertex).fill(0);
  const labelend = new Array<number>(2 * nvertex).fill(-1);
  const inblossom: number[] = [];
  for (let i = 0; i < nvertex; i++) inblossom.push(i);
  const blossomparent = new Array<number>(2 * nvertex).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array<number[] | null>(2 * nvertex).fill(null);
  const blossombase: number[] = [];
  for (let i = 0; i < nvertex; i++) blossombase.push(i);
  for (let i = 0; i < nvertex; i++) blossombase.push(-1);
  const blossomendps: (number[] | null)[] = new Array<number[] | null>(2 * nvertex).fill(null);
  const bestedge = new Array<number>(2 * nvertex).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array<number[] | null>(2 * nvertex).fill(null);
  const unusedblossoms: number[] = [];
  for (let i = nvertex; i < 2 * nvertex; i++) unusedblossoms.push(i);
  const dualvar: bigint[] = [];
  for (let i = 0; i < nvertex; i++) dualvar.push(maxweight);
  for (let i = 0; i < nvertex; i++) dualvar.push(0n);
  const allowedge = new Uint8Array(nedge);
  let queue: number[] = [];

  const ew2 = ew.map((w) => w * 2n);
  const slack = (k: number): bigint => dualvar[eu[k]!]! + dualvar[ev[k]!]! - ew2[k]!;

  const blossomLeaves = (b: number, out: number[] = []): number[] => {
    if (b < nvertex) out.push(b);
    else for (const t of blossomchilds[b]!) blossomLeaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    for (;;) {
      const b = inblossom[w]!;
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        blossomLeaves(b, queue);
        return;
      }
      const base = blossombase[b]!;
      const mb = mate[base]!;
      w = endpoint[mb]!;
      t = 1;
      p = mb ^ 1;
    }
  };

  const scanBlossom = (v0: number, w0: number): number => {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]!]!;
        b = inblossom[v]!;
        v = endpoint[labelend[b]!]!;
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = eu[k]!;
    let w = ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0n;
    for (const leaf of blossomLeaves(b)) {
      if (label[inblossom[leaf]!] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    const bestedgeto = new Array<number>(2 * nvertex).fill(-1);
    for (const sub of path) {
      let nblists: number[][];
      if (blossombestedges[sub] === null) {
        nblists = blossomLeaves(sub).map((leaf) => neighbend[leaf]!.map((p) => p >> 1));
      } else {
        nblists = [blossombestedges[sub]!];
      }
      for (const nblist of nblists) {
        for (const kk of nblist) {
          // The end outside the new blossom.
          const j = inblossom[ev[kk]!] === b ? eu[kk]! : ev[kk]!;
          const bj = inblossom[j]!;
          if (
            bj !== b &&
            label[bj] === 1 &&
            (bestedgeto[bj] === -1 || slack(kk) < slack(bestedgeto[bj]!))
          ) {
            bestedgeto[bj] = kk;
          }
        }
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const list = bestedgeto.filter((kk) => kk !== -1);
    blossombestedges[b] = list;
    bestedge[b] = -1;
    for (const kk of list) {
      if (bestedge[b] === -1 || slack(kk) < slack(bestedge[b]!)) bestedge[b] = kk;
    }
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of blossomchilds[b]!) {
      blossomparent[s] = -1;
      if (s < nvertex) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0n) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      const childs = blossomchilds[b]!;
      const endps = blossomendps[b]!;
      const len = childs.length;
      const at = (j: number): number => childs[((j % len) + len) % len]!;
      const ep = (j: number): number => endps[((j % len) + len) % len]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= len;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[ep(j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowedge[ep(j - endptrick) >> 1] = 1;
        j += jstep;
        p = ep(j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(j);
      label[endpoint[p ^ 1]!] = label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(j) !== entrychild) {
        bv = at(j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const leaf of blossomLeaves(bv)) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[mate[blossombase[bv]!]!]!] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t]!;
    if (t >= nvertex) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const len = childs.length;
    const at = (j: number): number => childs[((j % len) + len) % len]!;
    const ep = (j: number): number => endps[((j % len) + len) % len]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= len;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(j);
      const p = ep(j - endptrick) ^ endptrick;
      if (t >= nvertex) augmentBlossom(t, endpoint[p]!);
      j += jstep;
      t = at(j);
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    const pairs: [number, number][] = [
      [eu[k]!, 2 * k + 1],
      [ev[k]!, 2 * k],
    ];
    for (const [s0, p0] of pairs) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  };

  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < 2 * nvertex; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < nvertex; v++) {
      if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]!) {
          const k = p >> 1;
          const w = endpoint[p]!;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0n;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0n) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]!] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inblossom[w]!] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      let deltatype = -1;
      let delta = 0n;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = dualvar[0]!;
        for (let v = 1; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      }
      for (let v = 0; v < nvertex; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * nvertex; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]!) / 2n;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b]!;
          }
        }
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if (
          blossombase[b]! >= 0 &&
          blossomparent[b] === -1 &&
          label[b] === 2 &&
          (deltatype === -1 || dualvar[b]! < delta)
        ) {
          delta = dualvar[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        deltatype = 1;
        delta = dualvar[0]!;
        for (let v = 1; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
        if (delta < 0n) delta = 0n;
      }
      for (let v = 0; v < nvertex; v++) {
        const l = label[inblossom[v]!];
        if (l === 1) dualvar[v] = dualvar[v]! - delta;
        else if (l === 2) dualvar[v] = dualvar[v]! + delta;
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
          else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
        }
      }
      if (deltatype === 1) break;
      else if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = eu[deltaedge]!;
        if (label[inblossom[i]!] === 0) i = ev[deltaedge]!;
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(eu[deltaedge]!);
      } else if (deltatype === 4) {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0n) {
        expandBlossom(b, true);
      }
    }
  }
  for (let v = 0; v < nvertex; v++) if (mate[v]! >= 0) mate[v] = endpoint[mate[v]!]!;
  return mate;
}
