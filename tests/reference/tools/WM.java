import java.io.*;
import java.util.*;
public class WM {
  public static void main(String[] a) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    String line; StringBuilder out = new StringBuilder();
    while ((line = r.readLine()) != null) {
      line = line.trim(); if (line.isEmpty()) continue;
      String[] t = line.split(" ");
      int n = Integer.parseInt(t[0]);
      long[][] c = new long[n][n]; int k = 1;
      for (int i = 0; i < n; i++) for (int j = i+1; j < n; j++) { c[i][j] = c[j][i] = Long.parseLong(t[k++]); }
      int[] m = info.vannier.gotha.WeightedMatchLong.weightedMatchLong(c, false);
      for (int i = 1; i <= n; i++) out.append(m[i]-1).append(i<n?" ":"\n");
    }
    System.out.print(out);
  }
}
