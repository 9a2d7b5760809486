import java.io.*;
import java.util.*;
public class TS {
  public static void main(String[] a) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    String line; StringBuilder out = new StringBuilder();
    while ((line = r.readLine()) != null) {
      String[] t = line.trim().split(" ");
      int n = Integer.parseInt(t[0]);
      final int[] key = new int[n]; List<Integer> l = new ArrayList<>();
      for (int i = 0; i < n; i++) { key[i] = Integer.parseInt(t[1 + i]); l.add(i); }
      try {
        Collections.sort(l, (x, y) -> key[x] < key[y] ? -1 : 1);
        for (int i = 0; i < n; i++) out.append(l.get(i)).append(i < n - 1 ? " " : ""); out.append("\n");
      } catch (IllegalArgumentException e) { out.append("ERR\n"); }
    }
    System.out.print(out);
  }
}
